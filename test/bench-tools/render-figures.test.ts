import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderFigures } from '../bench/render-figures.js';

test('renders one row per figure and run, with the run, baseline, ratio and an unmet target in bold', () => {
  const lines = renderFigures([
    {
      date: '2026-11-25T10:00:00.000Z',
      load: { start: [1.25, 2, 3], end: [1, 1, 1] },
      cpus: '2 × x',
      benches: {
        'api.bench.ts': [
          {
            name: 'p99 a|b',
            value: 30,
            unit: 'ms',
            baseline: { name: 'bare', value: 10 },
            target: '≤ 25 ms',
            met: false,
          },
          { name: 'requests', value: 1234.5, unit: 'requests' },
        ],
      },
    },
  ]);
  assert.equal(lines.length, 4);
  assert.equal(
    lines[2],
    '| 2026-11-25 10:00, 1.3/2.0/3.0 | api | p99 a\\|b | 30.0 ms | bare: 10.0 ms | 3.00× | ≤ 25 ms: **NOT met** |',
  );
  assert.equal(lines[3], '| 2026-11-25 10:00, 1.3/2.0/3.0 | api | requests | 1235 requests | — | — | — |');
});
