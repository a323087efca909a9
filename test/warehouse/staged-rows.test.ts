import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StagedRows } from '../../src/warehouse/load/staged-rows.js';

describe('StagedRows', () => {
  it('keeps a replaced key in its place, moves a deleted and re-staged key to the end, and empties on take', () => {
    const rows = new StagedRows(['id', 'nome', 'gols']);
    rows.put('a', { id: 1, nome: 'A' });
    rows.put('b', { id: 2, nome: 'B', gols: 3 });
    rows.put('c', { id: 3, nome: 'C', extra: 'ignored' });
    rows.put('a', { id: 1, nome: 'A2', gols: 1 });
    rows.deleteWhere((k) => k === 'b');
    assert.equal(rows.size, 2);
    assert.deepEqual(rows.get('a'), { id: 1, nome: 'A2', gols: 1 });
    assert.equal(rows.get('b'), undefined);
    assert.deepEqual(rows.column('id'), [1, 3]);
    rows.put('b', { id: 4, nome: 'B2' });
    assert.deepEqual(rows.column('gols'), [1, null, null]);
    // Columns are taken as written: `gols` ends at its last value, the rest being null.
    assert.deepEqual(rows.take(), { count: 3, columns: [[1, 3, 4], ['A2', 'C', 'B2'], [1]] });
    assert.equal(rows.size, 0);
    assert.deepEqual(rows.take(), { count: 0, columns: [[], [], []] });
    assert.throws(() => rows.column('x'), /coluna desconhecida: x/);
  });

  it('a row staged again with a null where it had a value stores the null', () => {
    const rows = new StagedRows(['id', 'gols']);
    rows.put('a', { id: 1, gols: 2 });
    rows.put('b', { id: 2, gols: 5 });
    rows.put('a', { id: 1, gols: null });
    assert.deepEqual(rows.get('a'), { id: 1, gols: null });
    assert.deepEqual(rows.column('gols'), [null, 5]);
    rows.put('b', { id: 2 });
    assert.deepEqual(rows.take(), {
      count: 2,
      columns: [
        [1, 2],
        [null, null],
      ],
    });
  });
});
