/**
 * The served players are people (src/api/snapshot/players.ts): every record id finds its person, a squad
 * lists everyone who played for the club, and a swap that merges or splits people leaves no stale person.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Players } from '../../src/api/snapshot/players.js';
import type { JogadorRow } from '../../src/api/snapshot/tables.js';

const person = (id: number, registros: number[], clubes: number[], grafias: string[], gols = 0): JogadorRow => ({
  id,
  time_id: clubes.at(-1) ?? null,
  nome: grafias[0] ?? '',
  nome_popular: grafias[0] ?? '',
  posicao: 'atacante',
  numero_camisa: 9,
  idade: null,
  gols,
  clubes,
  grafias,
  registros,
});

describe('served players (people)', () => {
  const fred = person(1, [1], [10], ['Fred'], 2);
  const fredCam = person(2, [2], [20], ['Fred'], 12);
  const base = Players.of([fred, fredCam]);

  it('merging two people on a swap: one person, found by both record ids and in both squads', () => {
    const merged = base.with([1, 2], [person(1, [1, 2], [10, 20], ['Fred'], 14)]);
    assert.deepEqual(
      [...merged.list()].map((j) => [j.id, j.gols]),
      [[1, 14]],
    );
    assert.equal(merged.get(2)?.id, 1);
    assert.deepEqual([merged.squad(10).map((j) => j.id), merged.squad(20).map((j) => j.id)], [[1], [1]]);
  });

  it('a goal patches the person in place, reached through any of its records', () => {
    const merged = Players.of([person(1, [1, 2], [10, 20], ['Fred', 'Frederico'], 14)]);
    const goal = merged.with([1], [person(1, [1, 2], [10, 20], ['Fred', 'Frederico'], 15)]);
    assert.equal(goal.get(2)?.gols, 15);
    assert.deepEqual(
      goal.squad(20).map((j) => j.gols),
      [15],
    );
  });

  it('people gone (a read as of a snapshot before they came) vanish from lookups, lists and squads', () => {
    const earlier = base.with([2], []);
    assert.equal(earlier.get(2), undefined);
    assert.deepEqual(
      [...earlier.list()].map((j) => j.id),
      [1],
    );
    assert.deepEqual([earlier.squad(10).map((j) => j.id), earlier.squad(20)], [[1], []]);
    assert.equal(earlier.get(1)?.gols, 2);
  });

  it('splitting a person on a swap: the record becomes its own person again', () => {
    const merged = Players.of([person(1, [1, 2], [10, 20], ['Fred'], 14)]);
    const split = merged.with([1, 2], [fred, fredCam]);
    assert.deepEqual([...split.list()].map((j) => j.id).sort(), [1, 2]);
    assert.equal(split.get(2)?.gols, 12);
    assert.deepEqual(
      split.squad(10).map((j) => j.id),
      [1],
    );
  });
});
