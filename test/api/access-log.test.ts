import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryLog } from '../kit/log.js';

/** What the request middleware hands the logger for one request (src/api/middleware/request-context.ts). */
const access = (i: number, path: string, ms: number, key: string | null) => ({
  req: `ab12cd34-${i}`,
  method: 'GET',
  path,
  status: 200 + i,
  ms,
  key,
});

test('access lines are one JSON object each, level and time first, whatever the path and key hold', () => {
  const cases: [string, number, string | null][] = [
    ['/v1/campeonatos/1/tabela', 12.34, 'svc_live_gMJQ'],
    ['/v1/"aspas"\\barra', 0.1 + 0.2, null],
    ['/v1/ção\u2028\u0001\u007f/😀', 1e-7, 'k"\\\n'],
    ['/', 0, ''],
  ];
  const { log, lines } = memoryLog();
  cases.forEach(([path, ms, key], i) => log.info(access(i, path, ms, key)));
  assert.equal(lines.length, cases.length);
  lines.forEach((line, i) => {
    assert.ok(line.endsWith('}\n') && !line.slice(0, -1).includes('\n'), `case ${i}: one line`);
    const { level, time, ...rest } = JSON.parse(line) as Record<string, unknown>;
    assert.equal(level, 'info');
    assert.match(String(time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/, 'the wire form of an instant');
    const [path, ms, key] = cases[i]!;
    assert.deepEqual(rest, access(i, path, ms, key), `case ${i}`);
    assert.deepEqual(Object.keys(JSON.parse(line) as object), [
      'level',
      'time',
      'req',
      'method',
      'path',
      'status',
      'ms',
      'key',
    ]);
  });
});

test('--log-format text: one line per record, time, level, event and message first, then key=value', () => {
  const { log, lines } = memoryLog('text');
  log.info(access(0, '/v1/a b', 1.5, null));
  log.warn({ event: 'webhook_desativado', webhook: 7 }, 'webhook 7 desativado');
  assert.match(
    lines[0]!,
    /^\S+\+00:00 INFO {2}req=ab12cd34-0 method=GET path="\/v1\/a b" status=200 ms=1.5 key=null\n$/,
  );
  assert.match(lines[1]!, /^\S+\+00:00 WARN {2}webhook_desativado webhook 7 desativado webhook=7\n$/);
});
