import assert from 'node:assert/strict';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { EXIT } from '../../src/cli/exit-codes.js';
import { openControlDb } from '../../src/control/database.js';
import { dispatcherCursorOn } from '../../src/control/outbox-cursor.js';
import type { Feed } from '../../src/feeds/canonical.js';
import { SNAPSHOT_FORMAT } from '../../src/warehouse/format.js';
import type { SnapshotManifest } from '../../src/warehouse/snapshot-store.js';
import type { IngestSummary } from '../../src/warehouse/ingest.js';
import { baseFeed, currentId, dataDirState, query, seeded, startSvc, workspace, type Workspace } from './helpers.js';

function manifest(ws: Workspace, id: string): SnapshotManifest {
  return JSON.parse(readFileSync(path.join(ws.dataDir, 'snapshots', `${id}.json`), 'utf8')) as SnapshotManifest;
}

/** The day of baseFeed's round: its matches are inside the live window around it. */
const NOW = ['--now', '2019-04-28T12:00:00-03:00'];

async function ok(ws: Workspace, args: readonly string[], env?: Record<string, string>): Promise<IngestSummary> {
  const r = await ws.svc(['ingest', ...args, ...NOW, '--json'], env);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as IngestSummary;
}

async function withWs(fn: (ws: Workspace) => Promise<void>): Promise<void> {
  const ws = workspace();
  try {
    await fn(ws);
  } finally {
    ws.cleanup();
  }
}

/** A live update of match 101: kick-off and a goal. */
function liveFeed(placar: number): Feed {
  const base = baseFeed();
  return {
    formato: 'svc-feed/1',
    fonte: 'teste',
    partidas: [{ ...base.partidas![1]!, status: 'ao_vivo', placar_mandante: placar, placar_visitante: 0 }],
  };
}

describe('svc ingest publishes snapshots', () => {
  it('first ingest: human summary, CURRENT, manifest, derived data, no events', () =>
    withWs(async (ws) => {
      const file = ws.write('base.json', baseFeed());
      const r = await ws.svc(['ingest', file]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^snapshot 00000001 publicado em \d+ ms\n/);
      // records read, rows the snapshot holds, rows this ingest changed
      assert.match(r.stdout, /\npartidas +2 +2 +2\n/);
      assert.match(r.stdout, /\neventos de webhook registrados: 0\n/);
      assert.equal(r.stderr, '');
      assert.equal(currentId(ws.dataDir), '00000001');
      const m = manifest(ws, '00000001');
      assert.equal(m.parent_id, null);
      assert.deepEqual(m.entradas, [file]);
      assert.deepEqual(m.eventos, { total: 0, seq_inicio: null, seq_fim: null });
      assert.equal(m.contagens.partidas, 2);
      assert.equal(m.contagens.times, 4);
      // Players named only in events became players of the right team, so scorers have ids.
      const players = await query<{ nome: string; time_id: number; gols: number }>(
        ws.dataDir,
        'SELECT nome, time_id, gols FROM jogadores ORDER BY nome',
      );
      assert.deepEqual(players, [
        { nome: 'Bruno Henrique', time_id: 1, gols: 1 },
        { nome: 'Gabriel Barbosa', time_id: 1, gols: 1 },
        { nome: 'Thiago Neves', time_id: 2, gols: 1 },
      ]);
      const [match] = await query<Record<string, unknown>>(
        ws.dataDir,
        `SELECT slug, data_local::VARCHAR AS data_local, hora_local, inicio_utc::VARCHAR AS inicio_utc FROM partidas WHERE placar_mandante = 2`,
      );
      assert.deepEqual(match, {
        slug: 'flamengo-cruzeiro-27-04-2019',
        data_local: '2019-04-27',
        hora_local: '16:00',
        inicio_utc: '2019-04-27 19:00:00',
      });
      const [time] = await query(ws.dataDir, `SELECT sigla, tipo, nome_normalizado FROM times WHERE nome = 'Grêmio'`);
      assert.deepEqual(time, { sigla: 'GRE', tipo: 'clube', nome_normalizado: 'gremio' });
      const [rodada] = await query(ws.dataDir, 'SELECT nome, slug FROM rodadas');
      assert.deepEqual(rodada, { nome: '1ª Rodada', slug: '1a-rodada' });
      const [camp] = await query(ws.dataDir, 'SELECT slug, regiao, rodada_atual FROM campeonatos');
      assert.deepEqual(camp, { slug: 'campeonato-brasileiro-serie-a', regiao: 'nacional', rodada_atual: 1 });
    }));

  it('--json prints the machine summary', () =>
    withWs(async (ws) => {
      const s = await ok(ws, [ws.write('base.json', baseFeed())]);
      assert.deepEqual(Object.keys(s).sort(), [
        'alterados',
        'avisos',
        'conflitos',
        'conflitos_tolerados',
        'contagens',
        'dry_run',
        'duracao_ms',
        'eventos',
        'gravados',
        'nada_mudou',
        'ok',
        'pessoas_ambiguas',
        'removidos',
        'snapshot_id',
      ]);
      assert.equal(s.nada_mudou, false);
      assert.equal(s.snapshot_id, '00000001');
      assert.deepEqual(s.contagens, {
        feeds: 1,
        campeonatos: 1,
        fases: 0,
        rodadas: 1,
        times: 4,
        jogadores: 1,
        partidas: 2,
        eventos: 3,
        escalacoes: 0,
        estatisticas: 0,
        remocoes: 0,
        ajustes_pontos: 0,
      });
      assert.deepEqual(s.eventos, {
        total: 0,
        seq_inicio: null,
        seq_fim: null,
        por_tipo: {},
        limite_aviso: 500,
        acima_do_limite: false,
        fora_da_janela: null,
      });
      assert.deepEqual(s.avisos, []);
      assert.equal(typeof s.duracao_ms, 'number');
    }));

  it('--dry-run validates against the current snapshot and publishes nothing', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const before = await dataDirState(ws.dataDir);
      const r = await ws.svc(['ingest', ws.write('live.json', liveFeed(1)), '--dry-run']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^feed válido \(dry-run\): nada publicado \(\d+ ms\)\n/);
      assert.deepEqual(await dataDirState(ws.dataDir), before);
      const bad = ws.write('bad.json', { ...liveFeed(1), partidas: [{ ...liveFeed(1).partidas![0]!, mandante: 42 }] });
      const rb = await ws.svc(['ingest', bad, '--dry-run']);
      assert.equal(rb.code, EXIT.invalidInput);
      assert.equal(
        rb.stderr,
        `svc: feed rejeitado: ${bad} (em /partidas/0/mandante): time desconhecido(a): id "42" da fonte "teste" não está no feed nem no snapshot atual\n  nada foi publicado\n`,
      );
      assert.deepEqual(await dataDirState(ws.dataDir), before);
    }));

  it('partial feeds upsert; ids are stable across runs; events are recorded with growing seqs', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const idsBefore = await query(ws.dataDir, 'SELECT * FROM id_fonte ORDER BY entidade, chave');
      const s1 = await ok(ws, [ws.write('live1.json', liveFeed(1))]);
      assert.equal(s1.snapshot_id, '00000002');
      assert.ok(s1.eventos.total > 0, 'a kick-off with a score records events');
      assert.deepEqual(s1.eventos.por_tipo['partida.ao_vivo'], 1);
      const s2 = await ok(ws, [ws.write('live2.json', liveFeed(2))]);
      assert.equal(s2.eventos.seq_inicio, (s1.eventos.seq_fim ?? 0) + 1);
      assert.deepEqual(await query(ws.dataDir, 'SELECT * FROM id_fonte ORDER BY entidade, chave'), idsBefore);
      const rows = await query<{ id: number; status: string; placar_mandante: number | null }>(
        ws.dataDir,
        'SELECT id, status, placar_mandante FROM partidas ORDER BY id',
      );
      assert.deepEqual(rows, [
        { id: 1, status: 'encerrado', placar_mandante: 2 },
        { id: 2, status: 'ao_vivo', placar_mandante: 2 },
      ]);
      const outbox = await query<{ seq: number; corpo: string }>(
        ws.dataDir,
        'SELECT seq::INTEGER AS seq, corpo FROM outbox ORDER BY seq',
      );
      assert.equal(outbox.length, s2.eventos.total);
      assert.equal(outbox[0]?.seq, s2.eventos.seq_inicio);
      assert.deepEqual(Object.keys(JSON.parse(outbox[0]?.corpo ?? '{}') as object), ['evento', 'gerado_em', 'dados']);
      const m = manifest(ws, '00000003');
      assert.equal(m.parent_id, '00000002');
      assert.deepEqual(m.eventos, {
        total: s2.eventos.total,
        seq_inicio: s2.eventos.seq_inicio,
        seq_fim: s2.eventos.seq_fim,
      });
      // The snapshot's own rows, written in one run with the outbox emptied and the championship stamped.
      assert.deepEqual(await query(ws.dataDir, 'SELECT chave, valor FROM snapshot_meta ORDER BY chave'), [
        { chave: 'criado_em', valor: m.criado_em },
        { chave: 'parent_id', valor: '00000002' },
        { chave: 'schema_version', valor: String(SNAPSHOT_FORMAT) },
        { chave: 'seq_fim', valor: String(s2.eventos.seq_fim) },
        { chave: 'seq_inicio', valor: String(s2.eventos.seq_inicio) },
        { chave: 'snapshot_id', valor: '00000003' },
      ]);
      const stamped = await query<{ atualizado_em: string }>(ws.dataDir, 'SELECT atualizado_em FROM campeonatos');
      assert.deepEqual(
        stamped.map((c) => Date.parse(c.atualizado_em)),
        [Date.parse(NOW[1] as string)],
      );
    }));

  it('--backfill records no events', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const s = await ok(ws, [ws.write('live.json', liveFeed(1)), '--backfill']);
      assert.deepEqual(s.eventos, {
        total: 0,
        seq_inicio: null,
        seq_fim: null,
        por_tipo: {},
        limite_aviso: 500,
        acima_do_limite: false,
        fora_da_janela: null,
      });
      assert.deepEqual(await query(ws.dataDir, 'SELECT count(*)::INTEGER AS n FROM outbox'), [{ n: 0 }]);
    }));

  it('tombstones: an event; a match with its events; unknown records are a warning', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const s1 = await ok(ws, [
        ws.write('rm1.json', {
          formato: 'svc-feed/1',
          fonte: 'teste',
          remocoes: [
            { entidade: 'evento', id: 'e3' },
            { entidade: 'partida', id: 'nao-existe' },
          ],
        }),
      ]);
      assert.deepEqual(s1.avisos, ['remoção ignorada: partida id "nao-existe" da fonte "teste" não existe']);
      assert.deepEqual(await query(ws.dataDir, `SELECT count(*)::INTEGER AS n FROM eventos`), [{ n: 2 }]);
      await ok(ws, [
        ws.write('rm2.json', { formato: 'svc-feed/1', fonte: 'teste', remocoes: [{ entidade: 'partida', id: 100 }] }),
      ]);
      assert.deepEqual(
        await query(
          ws.dataDir,
          `SELECT (SELECT count(*) FROM partidas)::INTEGER AS p, (SELECT count(*) FROM eventos)::INTEGER AS e,
        (SELECT count(*) FROM id_fonte WHERE entidade IN ('partida', 'evento'))::INTEGER AS k, (SELECT sum(gols) FROM jogadores)::INTEGER AS gols`,
        ),
        [{ p: 1, e: 0, k: 1, gols: 0 }],
      );
    }));

  it('tombstones: a championship takes everything under it; then its teams can go', () =>
    withWs(async (ws) => {
      await seeded(ws);
      await ok(ws, [
        ws.write('rm.json', {
          formato: 'svc-feed/1',
          fonte: 'teste',
          remocoes: [{ entidade: 'campeonato', id: 'br' }],
        }),
      ]);
      assert.deepEqual(
        await query(
          ws.dataDir,
          `SELECT (SELECT count(*) FROM campeonatos)::INTEGER AS c, (SELECT count(*) FROM rodadas)::INTEGER AS r,
        (SELECT count(*) FROM partidas)::INTEGER AS p, (SELECT count(*) FROM eventos)::INTEGER AS e, (SELECT count(*) FROM classificacao)::INTEGER AS cl,
        (SELECT count(*) FROM times)::INTEGER AS t`,
        ),
        [{ c: 0, r: 0, p: 0, e: 0, cl: 0, t: 4 }],
      );
      await ok(ws, [
        ws.write('rm-team.json', { formato: 'svc-feed/1', fonte: 'teste', remocoes: [{ entidade: 'time', id: 4 }] }),
      ]);
      assert.deepEqual(await query(ws.dataDir, 'SELECT count(*)::INTEGER AS t FROM times'), [{ t: 3 }]);
    }));

  it('conflicts between sources: date, time and stadium follow the last record, the score stays; listed for a person too', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const outra = (placar: number): Feed => ({
        formato: 'svc-feed/1',
        fonte: 'outra',
        campeonatos: [{ id: 7, nome: 'Campeonato Brasileiro Série A', temporada: '2019', tipo: 'pontos-corridos' }],
        times: [
          { id: 'FLA', nome: 'Flamengo' },
          { id: 'CRU', nome: 'Cruzeiro' },
        ],
        partidas: [
          {
            id: 'm1',
            campeonato: 7,
            mandante: 'FLA',
            visitante: 'CRU',
            status: 'encerrado',
            placar_mandante: 2,
            placar_visitante: placar,
            data_hora: '2019-04-28T18:30:00-03:00',
            estadio: 'Mineirão',
          },
        ],
      });
      // First meeting with the same score: linked, its date, time and stadium win and are reported.
      const s = await ok(ws, [ws.write('outra.json', outra(1))]);
      assert.deepEqual(
        s.conflitos.map((c) => [c.campo, c.guardado.valor, c.recebido.valor, c.mantido]),
        [
          ['data', '2019-04-27', '2019-04-28', 'recebido'],
          ['hora', '16:00', '18:30', 'recebido'],
          ['estadio', 'Maracanã', 'Mineirão', 'recebido'],
        ],
      );
      assert.ok(
        s.conflitos.every((c) => c.partida_id === 1 && c.guardado.fonte === 'teste' && c.recebido.fonte === 'outra'),
      );
      // Sent again with another final score: the score stays; the summary says so in a table.
      const r = await ws.svc(['ingest', ws.write('outra2.json', outra(0))]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stderr,
        /svc: aviso: 1 conflito\(s\) entre fontes; regra de precedência em docs\/loading-data\.md/,
      );
      assert.match(
        r.stdout,
        /partida +campo +guardado +recebido +mantido\n1 +placar +2x1 \(teste\) +2x0 \(outra\) +guardado/,
      );
      assert.deepEqual(
        await query(
          ws.dataDir,
          'SELECT placar_mandante AS m, placar_visitante AS v, estadio, data_local::VARCHAR AS d, hora_local AS h FROM partidas WHERE id = 1',
        ),
        [{ m: 2, v: 1, estadio: 'Mineirão', d: '2019-04-28', h: '18:30' }],
      );
    }));

  it('a second source: teams and matches resolve by natural key; a different final score is kept as stored with a warning', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const s = await ok(ws, [
        ws.write('outra.json', {
          formato: 'svc-feed/1',
          fonte: 'outra',
          campeonatos: [{ id: 7, nome: 'Campeonato Brasileiro Série A', temporada: '2019', tipo: 'pontos-corridos' }],
          times: [
            { id: 'FLA', nome: 'FLAMENGO' },
            { id: 'CRU', nome: 'Cruzeiro' },
            { id: 'VAS', nome: 'Vasco da Gama' },
          ],
          partidas: [
            {
              id: 'm1',
              campeonato: 7,
              mandante: 'FLA',
              visitante: 'CRU',
              status: 'encerrado',
              placar_mandante: 3,
              placar_visitante: 1,
              data_hora: '2019-04-28T16:00:00-03:00',
            },
          ],
        }),
      ]);
      assert.deepEqual(s.avisos, [
        'time novo: "Vasco da Gama" (fonte outra, id VAS) não corresponde a nenhum time existente',
      ]);
      assert.deepEqual(s.conflitos, [
        {
          partida_id: 1,
          campo: 'placar',
          mantido: 'guardado',
          guardado: { fonte: 'teste', valor: '2x1' },
          recebido: { fonte: 'outra', valor: '3x1' },
        },
      ]);
      assert.deepEqual(
        await query(
          ws.dataDir,
          `SELECT entidade, chave, id FROM id_fonte WHERE fonte = 'outra' ORDER BY entidade, chave`,
        ),
        [
          { entidade: 'campeonato', chave: '7', id: 1 },
          { entidade: 'partida', chave: 'm1', id: 1 },
          { entidade: 'time', chave: 'CRU', id: 2 },
          { entidade: 'time', chave: 'FLA', id: 1 },
          { entidade: 'time', chave: 'VAS', id: 5 },
        ],
      );
      assert.deepEqual(
        await query(ws.dataDir, 'SELECT count(*)::INTEGER AS n, max(placar_mandante) AS p FROM partidas'),
        [{ n: 2, p: 2 }],
      );
    }));

  it('two sources in one run: each match once, a conflicting score keeps the earlier source, what the later lacks is kept', () =>
    withWs(async (ws) => {
      const base = baseFeed();
      base.partidas![1]!.estadio = 'Arena do Grêmio';
      const outra: Feed = {
        formato: 'svc-feed/1',
        fonte: 'outra',
        campeonatos: [{ id: 7, nome: 'Campeonato Brasileiro Série A', temporada: '2019', tipo: 'pontos-corridos' }],
        times: [
          { id: 'FLA', nome: 'FLAMENGO' },
          { id: 'CRU', nome: 'Cruzeiro' },
          { id: 'GRE', nome: 'Grêmio' },
          { id: 'PAL', nome: 'Palmeiras' },
        ],
        partidas: [
          {
            id: 'm1',
            campeonato: 7,
            mandante: 'FLA',
            visitante: 'CRU',
            status: 'encerrado',
            placar_mandante: 3,
            placar_visitante: 1,
            data_hora: '2019-04-28T16:00:00-03:00',
          },
          {
            id: 'm2',
            campeonato: 7,
            mandante: 'GRE',
            visitante: 'PAL',
            status: 'encerrado',
            placar_mandante: 1,
            placar_visitante: 0,
            data_hora: '2019-04-28T11:00:00-03:00',
          },
        ],
      };
      const s = await ok(ws, [ws.write('base.json', base), ws.write('outra.json', outra)]);
      assert.deepEqual(s.avisos, []);
      assert.deepEqual(s.conflitos, [
        {
          partida_id: 1,
          campo: 'placar',
          mantido: 'guardado',
          guardado: { fonte: 'teste', valor: '2x1' },
          recebido: { fonte: 'outra', valor: '3x1' },
        },
      ]);
      assert.deepEqual(
        await query(ws.dataDir, `SELECT fonte, chave, id FROM id_fonte WHERE entidade = 'partida' ORDER BY id, fonte`),
        [
          { fonte: 'outra', chave: 'm1', id: 1 },
          { fonte: 'teste', chave: '100', id: 1 },
          { fonte: 'outra', chave: 'm2', id: 2 },
          { fonte: 'teste', chave: '101', id: 2 },
        ],
      );
      assert.deepEqual(
        await query(
          ws.dataDir,
          `SELECT id, status, placar_mandante AS m, placar_visitante AS v, estadio, rodada_id, fonte FROM partidas ORDER BY id`,
        ),
        [
          { id: 1, status: 'encerrado', m: 2, v: 1, estadio: 'Maracanã', rodada_id: 1, fonte: 'teste' },
          { id: 2, status: 'encerrado', m: 1, v: 0, estadio: 'Arena do Grêmio', rodada_id: 1, fonte: 'outra' },
        ],
      );
      assert.deepEqual(await query(ws.dataDir, 'SELECT count(*)::INTEGER AS c FROM campeonatos'), [{ c: 1 }]);
    }));

  it('a match two sources know keeps stadium, round and kick-off when a source lacks them; a single-source match is replaced as sent', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const kept = `SELECT estadio, rodada_id, data_hora, strftime(inicio_utc, '%Y-%m-%d %H:%M') AS inicio, data_local::VARCHAR AS dia, hora_local, slug, status
        FROM partidas WHERE id = 1`;
      const stored = {
        estadio: 'Maracanã',
        rodada_id: 1,
        data_hora: '2019-04-27T16:00:00-03:00',
        inicio: '2019-04-27 19:00',
        dia: '2019-04-27',
        hora_local: '16:00',
        slug: 'flamengo-cruzeiro-27-04-2019',
      };
      assert.deepEqual(await query(ws.dataDir, kept), [{ ...stored, status: 'encerrado' }]);
      const match = {
        id: 'm1',
        campeonato: 7,
        mandante: 'FLA',
        visitante: 'CRU',
        status: 'encerrado' as const,
        placar_mandante: 2,
        placar_visitante: 1,
      };
      const outra = (data_hora: string | null): Feed => ({
        formato: 'svc-feed/1',
        fonte: 'outra',
        campeonatos: [{ id: 7, nome: 'Campeonato Brasileiro Série A', temporada: '2019', tipo: 'pontos-corridos' }],
        times: [
          { id: 'FLA', nome: 'Flamengo' },
          { id: 'CRU', nome: 'Cruzeiro' },
        ],
        partidas: [{ ...match, data_hora }],
      });
      await ok(ws, [ws.write('outra-1.json', outra('2019-04-27T16:00:00-03:00'))]);
      assert.deepEqual(await query(ws.dataDir, kept), [{ ...stored, status: 'encerrado' }]);
      await ok(ws, [ws.write('outra-2.json', outra(null))]);
      assert.deepEqual(await query(ws.dataDir, kept), [{ ...stored, status: 'encerrado' }]);
      // A match only its own source knows is replaced as sent: a correction may clear the stadium.
      const own = baseFeed().partidas![1]!;
      await ok(ws, [
        ws.write('own-1.json', { formato: 'svc-feed/1', fonte: 'teste', partidas: [{ ...own, estadio: 'Arena' }] }),
      ]);
      await ok(ws, [ws.write('own-2.json', { formato: 'svc-feed/1', fonte: 'teste', partidas: [own] })]);
      assert.deepEqual(await query(ws.dataDir, 'SELECT estadio FROM partidas WHERE id = 2'), [{ estadio: null }]);
    }));

  it('knockout phases with ties and legs; lineups replace a whole side; statistics upsert per side', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const cup: Feed = {
        formato: 'svc-feed/1',
        fonte: 'teste',
        campeonatos: [{ id: 'cdb', nome: 'Copa do Brasil', temporada: '2019', tipo: 'mata-mata' }],
        fases: [
          {
            id: 'final',
            campeonato: 'cdb',
            nome: 'Final',
            ordem: 1,
            tipo: 'mata-mata',
            ida_e_volta: true,
            decisivo: true,
            chaves: [{ id: 1, nome: 'Final' }],
          },
        ],
        partidas: [1, 2].map((jogo) => ({
          id: `f${jogo}`,
          campeonato: 'cdb',
          fase: 'final',
          chave: 1,
          jogo: jogo as 1 | 2,
          mandante: jogo === 1 ? 3 : 4,
          visitante: jogo === 1 ? 4 : 3,
          status: 'encerrado' as const,
          placar_mandante: 1,
          placar_visitante: 0,
          data_hora: `2019-09-${jogo === 1 ? 11 : 18}T21:30:00-03:00`,
          ...(jogo === 2 && { penalti: { placar_mandante: 5, placar_visitante: 4 } }),
        })),
        escalacoes: [
          {
            partida: 'f1',
            lado: 'mandante',
            formacao: '4-4-2',
            tecnico: 'Renato',
            confirmada: true,
            titulares: [
              { nome: 'Everton', numero: 11, estatisticas: { minutos_jogados: 90, gols: 1 } },
              { nome: 'Geromel', numero: 3 },
            ],
            reservas: [{ nome: 'Pepê', substituido_por: null }],
          },
        ],
        estatisticas: [
          {
            partida: 'f1',
            lado: 'visitante',
            origem: 'avancada',
            posse_bola: 48.5,
            gols_esperados: 0.9,
            grandes_chances: 1,
          },
        ],
      };
      await ok(ws, [ws.write('cup.json', cup)]);
      assert.deepEqual(
        await query(
          ws.dataDir,
          `SELECT p.jogo, p.chave_id, c.nome AS chave, f.nome AS fase, p.penalti_mandante, p.penalti_visitante
        FROM partidas p JOIN fases f ON f.id = p.fase_id JOIN chaves c ON c.id = p.chave_id ORDER BY p.jogo`,
        ),
        [
          { jogo: 1, chave_id: 1, chave: 'Final', fase: 'Final', penalti_mandante: null, penalti_visitante: null },
          { jogo: 2, chave_id: 1, chave: 'Final', fase: 'Final', penalti_mandante: 5, penalti_visitante: 4 },
        ],
      );
      assert.deepEqual(
        await query(
          ws.dataDir,
          `SELECT e.nome, e.titular, e.ordem, j.nome AS jogador, j.time_id, e.estatisticas FROM escalacao_jogadores e LEFT JOIN jogadores j ON j.id = e.jogador_id ORDER BY e.titular DESC, e.ordem`,
        ),
        [
          {
            nome: 'Everton',
            titular: true,
            ordem: 0,
            jogador: 'Everton',
            time_id: 3,
            estatisticas:
              '{"minutos_jogados":90,"nota":null,"gols":1,"assistencias":null,"gols_esperados":null,"finalizacoes_total":null,"passes_certos":null,"passes_total":null,"desarmes_total":null,"duelos_vencidos":null,"faltas_cometidas":null,"cartoes_amarelos":null,"expulsao":null,"minuto_entrada":null,"minuto_saida":null,"gols_contra":null,"goleiro":{"defesas":null,"gols_evitados":null,"penaltis_defendidos":null,"gols_sofridos":null}}',
          },
          { nome: 'Geromel', titular: true, ordem: 1, jogador: 'Geromel', time_id: 3, estatisticas: null },
          { nome: 'Pepê', titular: false, ordem: 0, jogador: 'Pepê', time_id: 3, estatisticas: null },
        ],
      );
      // A second lineup for the same side replaces it whole; statistics for the same side replace the row.
      await ok(ws, [
        ws.write('cup2.json', {
          formato: 'svc-feed/1',
          fonte: 'teste',
          escalacoes: [
            {
              partida: 'f1',
              lado: 'mandante',
              confirmada: true,
              titulares: [{ nome: 'Geromel', numero: 3 }],
              reservas: [],
            },
          ],
          estatisticas: [{ partida: 'f1', lado: 'visitante', origem: 'basica', posse_bola: 51.5 }],
        }),
      ]);
      assert.deepEqual(await query(ws.dataDir, 'SELECT nome FROM escalacao_jogadores'), [{ nome: 'Geromel' }]);
      assert.deepEqual(await query(ws.dataDir, 'SELECT formacao, tecnico, time_id FROM escalacoes'), [
        { formacao: null, tecnico: null, time_id: 3 },
      ]);
      assert.deepEqual(
        await query(ws.dataDir, 'SELECT origem, posse_bola, gols_esperados, time_id FROM estatisticas'),
        [{ origem: 'basica', posse_bola: 51.5, gols_esperados: null, time_id: 4 }],
      );
    }));

  // The highest ids come from the parent's manifest; a manifest written before it recorded them (no
  // ids_maximos) has them read from the snapshot instead.
  for (const manifestSemIds of [false, true]) {
    it(`a lost control.db does not make snapshot numbers, seqs or internal ids collide${manifestSemIds ? ' (manifest without ids_maximos)' : ''}`, () =>
      withWs(async (ws) => {
        await seeded(ws);
        const s2 = await ok(ws, [ws.write('l1.json', liveFeed(1))]);
        assert.ok(s2.eventos.total > 0);
        assert.equal(manifest(ws, '00000002').ids_maximos?.partida, 2);
        if (manifestSemIds) {
          const { ids_maximos: _, ...antigo } = manifest(ws, '00000002');
          writeFileSync(path.join(ws.dataDir, 'snapshots', '00000002.json'), JSON.stringify(antigo));
        }
        rmSync(path.join(ws.dataDir, 'control.db'));
        const feed = liveFeed(2);
        feed.partidas?.push({
          id: 102,
          campeonato: 'br',
          rodada: 'r1',
          mandante: 4,
          visitante: 1,
          status: 'aguardando',
          placar_mandante: null,
          placar_visitante: null,
          data_hora: null,
        });
        const s3 = await ok(ws, [ws.write('l2.json', feed)]);
        assert.equal(s3.snapshot_id, '00000003');
        assert.ok((s3.eventos.seq_inicio ?? 0) > (s2.eventos.seq_fim ?? 0));
        assert.deepEqual(await query(ws.dataDir, 'SELECT id FROM partidas ORDER BY id'), [
          { id: 1 },
          { id: 2 },
          { id: 3 },
        ]);
        assert.equal(manifest(ws, '00000002').parent_id, '00000001', 'snapshot 2 was not replaced');
      }));
  }

  it('NDJSON feeds and folders (unrecognised files in a folder are skipped with a warning)', () =>
    withWs(async (ws) => {
      const base = baseFeed();
      const lines = [JSON.stringify({ formato: 'svc-feed/1', fonte: 'teste' })];
      for (const c of ['campeonatos', 'times', 'rodadas', 'partidas'] as const) {
        for (const registro of base[c] ?? []) lines.push(JSON.stringify({ colecao: c, registro }));
      }
      mkdirSync(path.join(ws.dir, 'feeds'));
      ws.write('feeds/base.ndjson', `${lines.join('\n')}\n`);
      ws.write('feeds/README.md', '# notes\n');
      const s = await ok(ws, [path.join(ws.dir, 'feeds')]);
      assert.equal(s.contagens.partidas, 2);
      assert.deepEqual(s.avisos, [
        `arquivo ignorado (formato não reconhecido): ${path.join(ws.dir, 'feeds', 'README.md')}`,
      ]);
    }));

  it("a second concurrent ingest exits with the lock code; a dead holder's lock is taken over", () =>
    withWs(async (ws) => {
      await seeded(ws);
      const file = ws.write('live.json', liveFeed(1));
      const first = startSvc(['ingest', file, '--data-dir', ws.dataDir, '--pause-at', 'locked'], {});
      await first.waitFor('svc: pausado em locked');
      const second = await ws.svc(['ingest', file]);
      assert.equal(second.code, EXIT.locked);
      assert.match(
        second.stderr,
        new RegExp(
          `^svc: outro ingest está em andamento \\(pid ${first.pid} desde [0-9T:.Z-]+\\); tente de novo quando terminar\\n$`,
        ),
      );
      const rollback = await ws.svc(['snapshots', 'rollback', '1']);
      assert.equal(rollback.code, EXIT.locked);
      assert.match(
        rollback.stderr,
        /^svc: outro ingest está em andamento \(pid \d+ desde .+\); tente de novo quando terminar\n$/,
      );
      first.kill('SIGKILL');
      await first.done;
      assert.ok(existsSync(path.join(ws.dataDir, 'ingest.lock')), 'the killed ingest left its lock behind');
      const third = await ok(ws, [file]);
      assert.equal(third.snapshot_id, currentId(ws.dataDir));
      assert.ok(!existsSync(path.join(ws.dataDir, 'ingest.lock')));
    }));

  it('retention keeps the newest N, never the current one, never unconsumed events', () =>
    withWs(async (ws) => {
      await seeded(ws);
      await ok(ws, [ws.write('l1.json', liveFeed(1))]);
      const control = await openControlDb(path.join(ws.dataDir, 'control.db'));
      await dispatcherCursorOn(sqliteSql(control).db, 'sqlite').ensure();
      control.close();
      // Snapshot 3 carries events the dispatcher has not consumed: retention must keep it.
      const s3 = await ok(ws, [ws.write('l2.json', liveFeed(2))]);
      assert.ok(s3.eventos.total > 0);
      await ok(ws, [ws.write('l3.json', liveFeed(3)), '--backfill']);
      const s5 = await ok(ws, [ws.write('l4.json', liveFeed(4)), '--backfill', '--keep', '1']);
      assert.deepEqual(s5.removidos, ['00000001', '00000002', '00000004']);
      const files = readdirSync(path.join(ws.dataDir, 'snapshots')).sort();
      assert.deepEqual(files, ['00000003.duckdb', '00000003.json', '00000005.duckdb', '00000005.json']);
      const bad = await ws.svc(['ingest', ws.write('l5.json', liveFeed(3)), '--keep', '0']);
      assert.equal(bad.code, EXIT.usage);
      assert.equal(bad.stderr, 'svc: --keep deve ser um inteiro ≥ 1, recebido "0"\n');
    }));

  it('an ingest that changes nothing publishes nothing; a real change after it still publishes', () =>
    withWs(async (ws) => {
      await seeded(ws);
      // The whole base feed again (every collection; the clock's day, as seeded, so players' ages are equal).
      const base = await ws.svc(['ingest', path.join(ws.dir, 'base.json'), '--json']);
      assert.equal(base.code, 0, base.stderr);
      const sb = JSON.parse(base.stdout) as IngestSummary;
      assert.deepEqual([sb.nada_mudou, sb.snapshot_id, sb.eventos.total, sb.removidos], [true, '00000001', 0, []]);
      const live = ws.write('l1.json', liveFeed(1));
      const s2 = await ok(ws, [live]);
      assert.deepEqual([s2.nada_mudou, s2.snapshot_id], [false, '00000002']);
      const before = await dataDirState(ws.dataDir);
      // The same file again; then a single team, as stored, in a new file.
      const same = await ws.svc(['ingest', live, ...NOW]);
      assert.equal(same.code, 0, same.stderr);
      assert.match(same.stdout, /^nada mudou: snapshot 00000002 mantido, nada publicado \(\d+ ms\)\n/);
      assert.match(same.stdout, /\neventos de webhook registrados: 0\n/);
      const time = await ok(ws, [
        ws.write('time.json', { formato: 'svc-feed/1', fonte: 'teste', times: [baseFeed().times![2]!] }),
      ]);
      assert.deepEqual([time.nada_mudou, time.snapshot_id], [true, '00000002']);
      assert.deepEqual(await dataDirState(ws.dataDir), before, 'no file written, CURRENT unchanged');
      assert.deepEqual(
        readdirSync(path.join(ws.dataDir, 'snapshots')).filter((f) => f.startsWith('.tmp-')),
        [],
        'the temp copy is gone',
      );

      // A real change: the next snapshot number (the no-ops consumed none), listed after 00000002 only.
      const s3 = await ok(ws, [ws.write('l2.json', liveFeed(2))]);
      assert.deepEqual([s3.nada_mudou, s3.snapshot_id], [false, '00000003']);
      assert.ok(s3.eventos.total > 0);
      assert.equal(manifest(ws, '00000003').parent_id, '00000002');
      const list = JSON.parse((await ws.svc(['snapshots', '--json', '--all'])).stdout) as {
        atual: string;
        snapshots: SnapshotManifest[];
      };
      assert.deepEqual(
        [list.atual, list.snapshots.map((m) => m.id)],
        ['00000003', ['00000001', '00000002', '00000003']],
      );
      // A changed team name alone is a change too.
      const renamed = await ok(ws, [
        ws.write('time2.json', {
          formato: 'svc-feed/1',
          fonte: 'teste',
          times: [{ ...baseFeed().times![2]!, sigla: 'GRM' }],
        }),
      ]);
      assert.deepEqual([renamed.nada_mudou, renamed.snapshot_id], [false, '00000004']);
    }));

  for (const [args, message] of [
    [
      ['ingest', 'x.json', '--live-window-before', '3x'],
      'valor inválido para --live-window-before <duration>: "3x" (deve ser uma duração como 3d, 12h, 90m ou 30s)',
    ],
    [
      ['ingest', 'x.json', '--now', '2026-11-22'],
      'valor inválido para --now <datetime>: "2026-11-22" (deve ser uma data-hora RFC 3339 com fuso, como 2026-11-22T17:10:00-03:00)',
    ],
    [
      ['ingest', 'x.json', '--event-warning', '-1'],
      'valor inválido para --event-warning <n>: "-1" (deve ser um inteiro entre 0 e 1000000000)',
    ],
    [
      ['demo', '--live-window-after', '1y'],
      'valor inválido para --live-window-after <duration>: "1y" (deve ser uma duração como 3d, 12h, 90m ou 30s)',
    ],
  ] as const) {
    it(`${args.join(' ')}: usage error, exit 2, nothing written`, () =>
      withWs(async (ws) => {
        const r = await ws.svc(args);
        assert.equal(r.code, EXIT.usage);
        assert.equal(r.stderr, `svc: ${message}; veja --help\n`);
        assert.equal(existsSync(path.join(ws.dataDir, 'snapshots')), false);
      }));
  }

  it('svc snapshots lists; rollback makes an older one current; seqs never go back', () =>
    withWs(async (ws) => {
      await seeded(ws);
      const s2 = await ok(ws, [ws.write('l1.json', liveFeed(1))]);
      const list = await ws.svc(['snapshots']);
      assert.equal(list.code, 0, list.stderr);
      assert.match(
        list.stdout,
        /^ {2}id +criado_em +tamanho +campeonatos +partidas +eventos_partida +webhook_eventos\n {2}00000001 .*\n\* 00000002 .* (\d+) \(seq \d+–\d+\)\n\(\* = atual\)\n$/,
      );
      // --json is a summary of counts; the list comes with --all.
      const [one, two] = [manifest(ws, '00000001'), manifest(ws, '00000002')];
      assert.deepEqual(JSON.parse((await ws.svc(['snapshots', '--json'])).stdout), {
        ok: true,
        atual: '00000002',
        total: 2,
        mais_antigo: { id: '00000001', criado_em: one.criado_em },
        mais_recente: { id: '00000002', criado_em: two.criado_em },
        tamanho_total_bytes: one.tamanho_bytes + two.tamanho_bytes,
      });
      const json = JSON.parse((await ws.svc(['snapshots', '--json', '--all'])).stdout) as {
        atual: string;
        snapshots: (SnapshotManifest & { atual: boolean })[];
      };
      assert.equal(json.atual, '00000002');
      assert.deepEqual(
        json.snapshots.map((s) => [s.id, s.atual]),
        [
          ['00000001', false],
          ['00000002', true],
        ],
      );

      const rb = await ws.svc(['snapshots', 'rollback', '1']);
      assert.equal(rb.code, 0, rb.stderr);
      assert.match(rb.stdout, /^snapshot 00000001 \(.+\) agora é o atual\n$/);
      assert.equal(currentId(ws.dataDir), '00000001');
      const rbJson = JSON.parse((await ws.svc(['snapshots', 'rollback', '1', '--json'])).stdout) as Record<
        string,
        unknown
      >;
      assert.deepEqual([rbJson.atual, rbJson.total, 'snapshots' in rbJson], ['00000001', 2, false]);
      const rbAll = JSON.parse((await ws.svc(['snapshots', 'rollback', '1', '--json', '--all'])).stdout) as {
        snapshots: { id: string; atual: boolean }[];
      };
      assert.deepEqual(
        rbAll.snapshots.map((s) => [s.id, s.atual]),
        [
          ['00000001', true],
          ['00000002', false],
        ],
      );
      const again = await ok(ws, [ws.write('l2.json', liveFeed(1))]);
      assert.equal(manifest(ws, again.snapshot_id ?? '').parent_id, '00000001');
      assert.ok((again.eventos.seq_inicio ?? 0) > (s2.eventos.seq_fim ?? 0), 'seqs continue after a rollback');

      const missing = await ws.svc(['snapshots', 'rollback', '77']);
      assert.equal(missing.code, EXIT.notFound);
      assert.equal(missing.stderr, 'svc: snapshot 00000077 não existe (veja svc snapshots)\n');
      const invalid = await ws.svc(['snapshots', 'rollback', 'abc']);
      assert.equal(invalid.code, EXIT.usage);
      assert.equal(invalid.stderr, 'svc: id de snapshot inválido: "abc"\n');
    }));

  it('--print-schema prints the published schema; FEED is otherwise required', () =>
    withWs(async (ws) => {
      const r = await ws.svc(['ingest', '--print-schema']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(
        r.stdout,
        readFileSync(new URL('../../src/feeds/schema/svc-feed-1.schema.json', import.meta.url), 'utf8'),
      );
      const none = await ws.svc(['ingest']);
      assert.equal(none.code, EXIT.usage);
      assert.equal(none.stderr, 'svc: informe ao menos um FEED (arquivo, pasta ou URL https://)\n');
    }));
});
