/**
 * A data dir whose current snapshot predates team siglas and aliases (no `times.sigla_fonte`, no
 * `times_apelidos`), people and points adjustments: the API serves it as it is, and the next ingest upgrades
 * its copy, keeping the siglas it held.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
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
import { SCHEMA_REVISION, upgradeSchema } from '../../src/warehouse/schema-upgrade.js';
import { currentId, query, seeded, workspace } from './helpers.js';

/** The previous schema: what a snapshot published before team siglas, people and points adjustments held. */
const PREVIOUS_SCHEMA = `DROP TABLE times_apelidos; ALTER TABLE times DROP COLUMN sigla_fonte;
  DROP TABLE pessoas; ALTER TABLE jogadores DROP COLUMN pessoa_id; ALTER TABLE jogadores DROP COLUMN chave_pessoa;
  DROP TABLE ajustes_pontos; ALTER TABLE classificacao DROP COLUMN ajustes; ALTER TABLE campeonatos DROP COLUMN atualizado_em`;

/** The manifest of a snapshot as the svc that wrote that schema left it: no schema revision recorded. */
function withoutRevision(dataDir: string, id: string): void {
  const file = path.join(dataDir, 'snapshots', `${id}.json`);
  const { esquema, ...older } = JSON.parse(readFileSync(file, 'utf8')) as { esquema?: number };
  assert.equal(esquema, SCHEMA_REVISION, 'a publish records the revision of its tables');
  writeFileSync(file, JSON.stringify(older));
}

it('a snapshot of the previous schema is served, and an ingest over it upgrades it keeping its siglas', async () => {
  const ws = workspace();
  try {
    await seeded(ws);
    // Turn the published snapshot back into the previous schema, with the old default sigla of Grêmio.
    const file = path.join(ws.dataDir, 'snapshots', `${currentId(ws.dataDir)}.duckdb`);
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run(`${PREVIOUS_SCHEMA}; UPDATE times SET sigla = 'GRM' WHERE nome = 'Grêmio'`);
    conn.closeSync();
    instance.closeSync();
    withoutRevision(ws.dataDir, currentId(ws.dataDir) ?? '');

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

it('a parent whose manifest records the current schema revision is taken as it is: its catalogue is not read', async () => {
  const ws = workspace();
  try {
    await seeded(ws);
    const instance = await DuckDBInstance.create(path.join(ws.dataDir, 'snapshots', `${currentId(ws.dataDir)}.duckdb`));
    const conn = await instance.connect();
    try {
      await conn.run(PREVIOUS_SCHEMA);
      const tables = async () =>
        (
          await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE NOT temporary')
        ).getRowObjectsJson()[0]?.n;
      const before = await tables();
      // Trusted (the manifest is written with its file, by the publish that made it): nothing checked, nothing changed.
      assert.equal(await upgradeSchema(conn, SCHEMA_REVISION), false);
      assert.equal(await tables(), before);
      // Not recorded (or another revision): the catalogue is read and the upgrades applied.
      assert.equal(await upgradeSchema(conn, undefined), true);
      assert.equal(await tables(), Number(before) + 3);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  } finally {
    ws.cleanup();
  }
});
