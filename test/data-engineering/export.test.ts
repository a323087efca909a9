import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { runSvc } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { seeded, workspace, type Workspace } from '../ingest/helpers.js';
import { CSV_DIR, firstIngest, query, type Row, SKIP, standings, type Summary } from '../real-data/real-data.js';

const FILES = [
  'campeonatos',
  'partidas',
  'eventos',
  'escalacoes',
  'escalacao_jogadores',
  'estatisticas',
  'classificacao',
  'artilharia',
  'times',
  'jogadores',
];

/** Reads exported files back with a DuckDB of its own, as a data engineer would. */
async function readBack(sql: string): Promise<Row[]> {
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const conn = await instance.connect();
    const rows = (await conn.runAndReadAll(sql)).getRowObjectsJS() as Row[];
    conn.closeSync();
    return rows;
  } finally {
    instance.closeSync();
  }
}

const countOf = (dir: string, name: string, ext: string) =>
  `SELECT '${name}' AS arquivo, count(*)::INTEGER AS n FROM '${path.join(dir, `${name}.${ext}`)}'`;

describe('svc export', () => {
  let ws: Workspace;
  before(async () => {
    ws = workspace();
    await seeded(ws);
  });
  after(() => ws.cleanup());

  it('writes every resource and a manifest; csv and json read back with the same counts', async () => {
    for (const format of ['csv', 'json']) {
      const out = path.join(ws.dir, `exp-${format}`);
      const r = await ws.svc(['export', '--format', format, '--output', out, '--json']);
      assert.equal(r.code, 0, r.stderr);
      const printed = JSON.parse(r.stdout);
      const { ok, ...manifest } = printed;
      assert.equal(ok, true);
      assert.deepEqual(JSON.parse(readFileSync(path.join(out, 'manifesto.json'), 'utf8')), manifest);
      assert.equal(manifest.snapshot_id, '00000001');
      assert.equal(manifest.campeonatos, null);
      assert.deepEqual(Object.keys(manifest.arquivos), FILES);
      const read = await readBack(FILES.map((f) => countOf(out, f, format)).join(' UNION ALL '));
      for (const { arquivo, n } of read) assert.equal(n, manifest.arquivos[arquivo as string].linhas, String(arquivo));
      assert.deepEqual(
        [manifest.arquivos.partidas.linhas, manifest.arquivos.times.linhas, manifest.arquivos.eventos.linhas],
        [2, 4, 3],
      );
    }
  });

  it('a filter that matches nothing, a bad snapshot or missing options: one line and an exit code', async () => {
    const out = path.join(ws.dir, 'x');
    const cases: [string[], number, RegExp][] = [
      [['--output', out], 2, /--format/],
      [['--format', 'csv'], 2, /--output/],
      [['--format', 'xlsx', '--output', out], 2, /xlsx/],
      [
        ['--format', 'csv', '--output', out, '--campeonato', 'nada'],
        6,
        /nenhum campeonato com campeonato "nada" no snapshot 00000001/,
      ],
      [['--format', 'csv', '--output', out, '--temporada', '1900'], 6, /nenhum campeonato com temporada "1900"/],
      [['--format', 'csv', '--output', out, '--snapshot', 'abc'], 2, /id de snapshot inválido: "abc"/],
      [['--format', 'csv', '--output', out, '--snapshot', '7'], 6, /snapshot 00000007 não encontrado/],
      [
        ['--format', 'csv', '--output', path.join(ws.write('um-arquivo', ''), 'sub')],
        2,
        /--output: não foi possível criar a pasta .*um-arquivo\/sub \(ENOTDIR\)/,
      ],
    ];
    for (const [args, code, message] of cases) {
      const r = await ws.svc(['export', ...args]);
      assert.equal(r.code, code, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, message);
    }
    const empty = workspace();
    try {
      const r = await empty.svc(['export', '--format', 'csv', '--output', out]);
      assert.equal(r.code, 7);
      assert.match(r.stderr, /nenhum snapshot publicado ainda/);
    } finally {
      empty.cleanup();
    }
  });
});

describe('svc export of the Brasileirão CSV family to parquet (real data)', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-export-');
  const dataDir = path.join(dir, 'data');
  let summary: Summary;
  before(async () => {
    summary = await firstIngest(dataDir, [CSV_DIR]);
  });
  after(cleanup);

  it('exports every resource through the real binary; DuckDB reads back the snapshot counts', async () => {
    const out = path.join(dir, 'tudo');
    const r = await runSvc(['export', '--format', 'parquet', '--output', out, '--data-dir', dataDir, '--json']);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout);
    assert.equal(manifest.snapshot_id, summary.snapshot_id);
    const read = Object.fromEntries(
      (await readBack(FILES.map((f) => countOf(out, f, 'parquet')).join(' UNION ALL '))).map((x) => [x.arquivo, x.n]),
    );
    const snapshot = JSON.parse(readFileSync(path.join(dataDir, 'snapshots', `${summary.snapshot_id}.json`), 'utf8'));
    const [[lineupPlayers]] = (await query(dataDir, 'SELECT count(*)::INTEGER AS n FROM escalacao_jogadores')) as [
      [Row],
    ];
    for (const f of FILES) {
      const expected = f === 'escalacao_jogadores' ? lineupPlayers?.n : snapshot.contagens[f];
      assert.equal(read[f], expected, f);
      assert.equal(manifest.arquivos[f].linhas, expected, f);
    }
    assert.deepEqual(
      [read.campeonatos, read.partidas, read.eventos, read.estatisticas],
      [22, 8785, 9861 + 20953, 17570],
    );
  });

  it('one season by slug and temporada: the standings read from parquet are the snapshot’s (Flamengo 90 in 2019)', async () => {
    const out = path.join(dir, 'br2019');
    const r = await runSvc([
      'export',
      '--campeonato',
      'campeonato-brasileiro-serie-a',
      '--temporada',
      '2019',
      '--format',
      'parquet',
      '--output',
      out,
      '--data-dir',
      dataDir,
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout);
    assert.equal(manifest.campeonatos.length, 1);
    assert.equal(manifest.arquivos.partidas.linhas, 380);
    assert.equal(manifest.arquivos.times.linhas, 20);
    const file = (f: string) => `'${path.join(out, `${f}.parquet`)}'`;
    const fromParquet = await readBack(
      `SELECT c.posicao::INTEGER AS posicao, t.nome_normalizado AS time, c.pontos::INTEGER AS pontos, c.jogos::INTEGER AS jogos,
              c.vitorias::INTEGER AS vitorias, c.empates::INTEGER AS empates, c.derrotas::INTEGER AS derrotas,
              c.gols_pro::INTEGER AS gols_pro, c.gols_contra::INTEGER AS gols_contra
       FROM ${file('classificacao')} c JOIN ${file('times')} t ON t.id = c.time_id
       WHERE c.fase_id IS NULL ORDER BY c.posicao`,
    );
    assert.deepEqual(fromParquet, await standings(dataDir, 'campeonato-brasileiro-serie-a', '2019'));
    assert.deepEqual([fromParquet[0]?.time, fromParquet[0]?.pontos, fromParquet[0]?.jogos], ['flamengo', 90, 38]);
  });
});
