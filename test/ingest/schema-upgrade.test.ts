/**
 * A data dir whose current snapshot predates team siglas and aliases (no `times.sigla_fonte`, no
 * `times_apelidos`): the next ingest upgrades its copy, keeping the siglas it held.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { currentId, query, seeded, workspace } from './helpers.js';

it('an ingest over a snapshot of the previous schema upgrades it and keeps its siglas', async () => {
  const ws = workspace();
  try {
    await seeded(ws);
    // Turn the published snapshot back into the previous schema, with the old default sigla of Grêmio.
    const file = path.join(ws.dataDir, 'snapshots', `${currentId(ws.dataDir)}.duckdb`);
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run("DROP TABLE times_apelidos; ALTER TABLE times DROP COLUMN sigla_fonte; UPDATE times SET sigla = 'GRM' WHERE nome = 'Grêmio'");
    conn.closeSync();
    instance.closeSync();

    const r = await ws.svc(['ingest', ws.write('novo.json', {
      formato: 'svc-feed/1', fonte: 'teste', times: [{ id: 9, nome: 'Clube Novo' }],
    }), '--json']);
    assert.equal(r.code, 0, r.stderr);
    const times = await query<{ nome: string; sigla: string; sigla_fonte: string | null }>(ws.dataDir, 'SELECT nome, sigla, sigla_fonte FROM times ORDER BY id');
    assert.deepEqual(times.find((t) => t.nome === 'Grêmio'), { nome: 'Grêmio', sigla: 'GRM', sigla_fonte: 'GRM' }, 'kept as it was served');
    assert.deepEqual(times.find((t) => t.nome === 'Clube Novo'), { nome: 'Clube Novo', sigla: 'CLU', sigla_fonte: null });
    const apelidos = await query<{ apelido: string }>(ws.dataDir, 'SELECT apelido FROM times_apelidos ORDER BY apelido');
    assert.deepEqual(apelidos.map((a) => a.apelido), [...times.map((t) => t.nome)].sort());
  } finally {
    ws.cleanup();
  }
});
