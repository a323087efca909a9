import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { baseFeed, clone, dataDirState, seeded, workspace, type Workspace } from '../ingest/helpers.js';

describe('svc query', () => {
  let ws: Workspace;
  before(async () => {
    ws = workspace();
    await seeded(ws);
    const feed = clone(baseFeed());
    feed.partidas![0]!.placar_mandante = 3;
    const r = await ws.svc(['ingest', ws.write('second.json', feed)]);
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => ws.cleanup());

  const placar = "SELECT placar_mandante, placar_visitante FROM partidas WHERE status = 'encerrado'";

  it('prints a table of the current snapshot', async () => {
    const r = await ws.svc(['query', placar]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.split('\n').slice(0, 2), ['placar_mandante  placar_visitante', '3                1']);
    assert.match(r.stdout, /\(1 linha\(s\), snapshot 00000002\)/);
  });

  it('reads an older snapshot with --snapshot (with or without the padding)', async () => {
    const r = await ws.svc(['query', placar, '--snapshot', '1', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      ok: true,
      snapshot_id: '00000001',
      colunas: ['placar_mandante', 'placar_visitante'],
      linhas: [[2, 1]],
    });
  });

  it('prints csv and json through COPY, 64-bit counts as numbers', async () => {
    const csv = await ws.svc([
      'query',
      'SELECT status, count(*) AS n FROM partidas GROUP BY ALL ORDER BY 1',
      '--format',
      'csv',
    ]);
    assert.equal(csv.code, 0, csv.stderr);
    assert.equal(csv.stdout, 'status,n\naguardando,1\nencerrado,1\n');
    const json = await ws.svc(['query', 'SELECT count(*) AS n FROM times -- todos', '--format', 'json']);
    assert.deepEqual(JSON.parse(json.stdout), [{ n: 4 }]);
  });

  it('reads the documented resource views', async () => {
    const r = await ws.svc([
      'query',
      "SELECT recurso.placar_mandante AS p FROM recurso_partida WHERE recurso.status = 'encerrado'",
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).linhas, [[3]]);
  });

  it('writes parquet to --output, readable by DuckDB', async () => {
    const file = path.join(ws.dir, 'partidas.parquet');
    const r = await ws.svc(['query', 'SELECT * FROM partidas', '--format', 'parquet', '--output', file, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      ok: true,
      snapshot_id: '00000002',
      arquivo: file,
      formato: 'parquet',
      linhas: 2,
    });
    const duck = await DuckDBInstance.create(':memory:');
    const conn = await duck.connect();
    const rows = (
      await conn.runAndReadAll(`SELECT count(*)::INTEGER AS n, max(placar_mandante) AS p FROM '${file}'`)
    ).getRowObjectsJson();
    conn.closeSync();
    duck.closeSync();
    assert.deepEqual(rows, [{ n: 2, p: 3 }]);
  });

  it('refuses anything that writes or reaches files, and leaves the data dir as it was', async () => {
    const before = await dataDirState(ws.dataDir);
    const cases: [string, RegExp][] = [
      ['DELETE FROM partidas', /só consultas de leitura \(SELECT\) são aceitas; recebido DELETE/],
      ['CREATE TEMP TABLE t AS SELECT 1', /recebido CREATE/],
      ["ATTACH '/tmp/x.duckdb' AS x", /recebido ATTACH/],
      ['SET enable_external_access = true', /recebido SET/],
      [`COPY partidas TO '${path.join(ws.dir, 'x.csv')}'`, /file system operations are disabled/],
      ["SELECT * FROM read_csv('/etc/passwd')", /file system operations are disabled/],
      ['SELECT 1; DELETE FROM partidas', /informe exatamente uma consulta SQL \(recebidas 2\)/],
      ['SELEC 1', /syntax error/],
      ['SELECT * FROM nada', /nada does not exist/],
    ];
    for (const [sql, message] of cases) {
      const r = await ws.svc(['query', sql]);
      assert.equal(r.code, 3, sql);
      assert.equal(r.stdout, '', sql);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, message);
    }
    assert.deepEqual(await dataDirState(ws.dataDir), before);
  });

  it('bad options and missing snapshots: one line and their exit code', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--snapshot', 'x1'], 2, /id de snapshot inválido: "x1"/],
      [['--snapshot', '99'], 6, /snapshot 00000099 não encontrado/],
      [['--format', 'parquet'], 2, /--format parquet pede --output ARQUIVO/],
      [['--output', path.join(ws.dir, 'o.txt')], 2, /--output pede --format csv, json ou parquet/],
      [['--format', 'xml'], 2, /xml/],
      [['--format', 'csv', '--output', path.join(ws.dir, 'nada', 'o.csv')], 2, /--output: a pasta .*nada não existe/],
    ];
    for (const [args, code, message] of cases) {
      const r = await ws.svc(['query', 'SELECT 1', ...args]);
      assert.equal(r.code, code, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, message);
    }
    const empty = workspace();
    try {
      const r = await empty.svc(['query', 'SELECT 1', '--json']);
      assert.equal(r.code, 7);
      assert.match(r.stderr, /nenhum snapshot publicado ainda/);
      assert.equal(JSON.parse(r.stdout).erro.codigo, 'nao_pronto');
    } finally {
      empty.cleanup();
    }
  });
});
