/**
 * A data dir whose current snapshot predates team siglas and aliases (no `times.sigla_fonte`, no
 * `times_apelidos`), people and points adjustments: the API serves it as it is, and the next ingest upgrades
 * its copy, keeping the siglas it held.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { SnapshotDb } from '../../src/api/snapshot/snapshot-db.js';
import {
  type ClassificacaoRow,
  type CoberturaRow,
  type JogadorRow,
  sql,
  type TimeRow,
} from '../../src/api/snapshot/tables.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { currentId, query, seeded, workspace } from './helpers.js';

it('a snapshot of the previous schema is served, and an ingest over it upgrades it keeping its siglas', async () => {
  const ws = workspace();
  try {
    await seeded(ws);
    // Turn the published snapshot back into the previous schema, with the old default sigla of Grêmio.
    const file = path.join(ws.dataDir, 'snapshots', `${currentId(ws.dataDir)}.duckdb`);
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run(
      "DROP TABLE times_apelidos; ALTER TABLE times DROP COLUMN sigla_fonte; UPDATE times SET sigla = 'GRM' WHERE nome = 'Grêmio'",
    );
    await conn.run(
      `DROP TABLE pessoas; ALTER TABLE jogadores DROP COLUMN pessoa_id; ALTER TABLE jogadores DROP COLUMN chave_pessoa;
       DROP TABLE ajustes_pontos; ALTER TABLE classificacao DROP COLUMN ajustes; ALTER TABLE campeonatos DROP COLUMN atualizado_em`,
    );
    conn.closeSync();
    instance.closeSync();

    // Served as it is until then: no aliases, the name and sigla still searchable.
    const db = await SnapshotDb.open(resolveDataDir(ws.dataDir), currentId(ws.dataDir) ?? '');
    const served = await db.query<TimeRow>(sql('times'));
    // Each player record its own person; standings and coverage without the newer fields.
    const players = await db.query<JogadorRow>(sql('jogadores'));
    const [standing] = await db.query<ClassificacaoRow>(sql('classificacao'), [1]);
    const [coverage] = await db.query<CoberturaRow>(sql('cobertura'));
    db.retire();
    assert.ok(players.length > 0 && players.every((j) => j.registros.length === 1 && j.registros[0] === j.id));
    assert.equal(standing?.ajustes, null);
    assert.equal(coverage?.atualizado_em, null);
    assert.deepEqual(
      served.find((t) => t.nome === 'Grêmio'),
      { id: 3, nome: 'Grêmio', sigla: 'GRM', tipo: 'clube', escudo_url: null, apelidos: '' },
    );

    const r = await ws.svc([
      'ingest',
      ws.write('novo.json', {
        formato: 'svc-feed/1',
        fonte: 'teste',
        times: [{ id: 9, nome: 'Clube Novo' }],
      }),
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const times = await query<{ nome: string; sigla: string; sigla_fonte: string | null }>(
      ws.dataDir,
      'SELECT nome, sigla, sigla_fonte FROM times ORDER BY id',
    );
    assert.deepEqual(
      times.find((t) => t.nome === 'Grêmio'),
      { nome: 'Grêmio', sigla: 'GRM', sigla_fonte: 'GRM' },
      'kept as it was served',
    );
    assert.deepEqual(
      times.find((t) => t.nome === 'Clube Novo'),
      { nome: 'Clube Novo', sigla: 'CLU', sigla_fonte: null },
    );
    const apelidos = await query<{ apelido: string }>(
      ws.dataDir,
      'SELECT apelido FROM times_apelidos ORDER BY apelido',
    );
    assert.deepEqual(
      apelidos.map((a) => a.apelido),
      [...times.map((t) => t.nome)].sort(),
    );
  } finally {
    ws.cleanup();
  }
});
