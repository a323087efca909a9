import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accessLine, stdoutLog } from '../../src/api/middleware/request-context.js';

/**
 * What stdoutLog writes for these records (it batches writes to the end of the event-loop turn). Only its
 * writes are kept: the test runner reports on stdout too, in binary chunks.
 */
async function written(records: Record<string, unknown>[]): Promise<string[]> {
  const out: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) =>
    typeof chunk === 'string' && chunk.startsWith('{"t":')
      ? out.push(chunk) > 0
      : (write as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest)) as typeof process.stdout.write;
  try {
    for (const r of records) stdoutLog(r);
    await new Promise((r) => setImmediate(r));
  } finally {
    process.stdout.write = write;
  }
  return out.join('').split('\n').filter(Boolean);
}

test('access lines written by hand are exactly what JSON.stringify gives, whatever the path and key hold', async () => {
  const cases: [string, number, string | null][] = [
    ['/v1/campeonatos/1/tabela', 12.34, 'svc_live_gMJQ'],
    ['/v1/"aspas"\\barra', 0.1 + 0.2, null],
    ['/v1/ção\u2028\u0001\u007f/😀', 1e-7, 'k"\\\n'],
    ['/', 0, ''],
  ];
  const records = cases.map(([p, ms, key], i) =>
    accessLine('2026-11-24T20:49:01.123+00:00', `ab12cd34-${i}`, 'GET', p, 200 + i, ms, key),
  );
  const lines = await written(records);
  assert.equal(lines.length, cases.length);
  lines.forEach((line, i) => {
    assert.equal(line, JSON.stringify(records[i]), `case ${i}`);
    assert.deepEqual(Object.keys(JSON.parse(line) as object), ['t', 'req', 'method', 'path', 'status', 'ms', 'key']);
  });
  const [event] = await written([{ t: 'x', event: 'snapshot_carregado', snapshot: '00000002' }]);
  assert.equal(
    event,
    '{"t":"x","event":"snapshot_carregado","snapshot":"00000002"}',
    'other records go through JSON.stringify',
  );
});
