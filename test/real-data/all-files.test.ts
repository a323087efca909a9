/**
 * Every file in ../shared/data in one `svc ingest` run, and the Copa do Brasil 2025 bracket it produces.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SHARED_DATA } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { ingest, query, SKIP, type Row, type Summary } from './real-data.js';

describe('real data: every file in the shared data folder', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir();
  let summary: Summary;
  before(async () => {
    summary = await ingest(dir, [SHARED_DATA]);
  });
  after(cleanup);

  it('ingests every data file without error, skipping only the READMEs and notes', () => {
    // 1 CSV family group + 4 football.json + 18 football.txt files.
    assert.equal(summary.contagens.feeds, 23);
    assert.deepEqual(
      summary.avisos.filter((a) => a.startsWith('arquivo ignorado')).map((a) => a.replace(`${SHARED_DATA}/`, '')),
      [
        'arquivo ignorado (formato não reconhecido): brasileirao-dataset/Legenda.txt',
        'arquivo ignorado (formato não reconhecido): openfootball/south-america/brazil/NOTES.md',
        'arquivo ignorado (formato não reconhecido): openfootball/south-america/brazil/README.md',
        'arquivo ignorado (formato não reconhecido): README.md',
      ],
    );
  });

  it('says what was read, what the snapshot holds, and collapses kick-offs a few minutes apart into one line', () => {
    // Two sources carry Série A 2018–2024 (and the football.json files repeat some football.txt seasons).
    assert.deepEqual([summary.contagens.campeonatos, summary.contagens.partidas], [44, 16857]);
    assert.deepEqual([summary.gravados.campeonatos, summary.gravados.partidas], [33, 12677]);
    // A first load changes everything it stores.
    assert.equal(summary.alterados.partidas, 12677);
    const hora = summary.conflitos_tolerados.filter((t) => t.campo === 'hora');
    assert.equal(hora.length, 1);
    assert.ok((hora[0]?.total ?? 0) > 900, JSON.stringify(hora));
    assert.equal(hora[0]?.tolerancia_minutos, 5);
    const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    assert.ok(
      summary.conflitos
        .filter((c) => c.campo === 'hora')
        .every((c) => Math.abs(minutes(c.guardado.valor) - minutes(c.recebido.valor)) > 5),
    );
  });

  it('has every openfootball season with all its matches, fixtures and postponements', async () => {
    const [rows] = await query(
      dir,
      `SELECT k.slug, k.temporada, count(*)::INTEGER AS n, count(*) FILTER (p.status = 'aguardando')::INTEGER AS aguardando,
              count(*) FILTER (p.status = 'adiado')::INTEGER AS adiadas
       FROM partidas p JOIN campeonatos k ON k.id = p.campeonato_id
       WHERE k.slug <> 'campeonato-brasileiro-serie-a' OR k.temporada >= '2025'
       GROUP BY ALL ORDER BY 1, 2`,
    );
    const serieB = Array.from({ length: 8 }, (_, i) => ({
      slug: 'campeonato-brasileiro-serie-b',
      temporada: String(2018 + i),
      n: 380,
      aguardando: i === 7 ? 323 : 0,
      adiadas: 0,
    }));
    assert.deepEqual(rows, [
      { slug: 'campeonato-brasileiro-serie-a', temporada: '2025', n: 380, aguardando: 0, adiadas: 0 },
      { slug: 'campeonato-brasileiro-serie-a', temporada: '2026', n: 380, aguardando: 220, adiadas: 3 },
      ...serieB,
      { slug: 'copa-do-brasil', temporada: '2025', n: 92, aguardando: 0, adiadas: 0 },
    ]);
  });

  it('holds each Série A match of 2018–2024 once although two sources carry it in the same run', async () => {
    const [rows] = await query(
      dir,
      `SELECT count(*)::INTEGER AS n, count(DISTINCT k.id)::INTEGER AS campeonatos FROM partidas p JOIN campeonatos k ON k.id = p.campeonato_id
       WHERE k.slug = 'campeonato-brasileiro-serie-a' AND k.temporada BETWEEN '2018' AND '2024'`,
    );
    assert.deepEqual(rows, [{ n: 7 * 380, campeonatos: 7 }]);
  });

  describe('Copa do Brasil 2025', () => {
    let ties: Row[] = [];
    before(async () => {
      [ties = []] = await query(
        dir,
        `SELECT f.nome AS fase, f.ordem::INTEGER AS ordem, f.ida_e_volta, ch.ordem::INTEGER AS chave,
                t1.nome_normalizado AS time_1, t2.nome_normalizado AS time_2, v.nome_normalizado AS vencedor,
                ch.gols_time_1::INTEGER AS g1, ch.gols_time_2::INTEGER AS g2, ch.penaltis_time_1::INTEGER AS p1, ch.penaltis_time_2::INTEGER AS p2,
                ch.partida_ida_id IS NOT NULL AS ida, ch.partida_volta_id IS NOT NULL AS volta,
                (SELECT count(*) FROM partidas p WHERE p.chave_id = ch.id)::INTEGER AS partidas,
                (SELECT sum(CASE WHEN p.time_mandante_id = ch.time_1_id THEN p.placar_mandante ELSE p.placar_visitante END) FROM partidas p WHERE p.chave_id = ch.id)::INTEGER AS soma_1,
                (SELECT sum(CASE WHEN p.time_mandante_id = ch.time_1_id THEN p.placar_visitante ELSE p.placar_mandante END) FROM partidas p WHERE p.chave_id = ch.id)::INTEGER AS soma_2
         FROM chaves ch JOIN fases f ON f.id = ch.fase_id JOIN campeonatos k ON k.id = f.campeonato_id
         LEFT JOIN times t1 ON t1.id = ch.time_1_id LEFT JOIN times t2 ON t2.id = ch.time_2_id LEFT JOIN times v ON v.id = ch.vencedor_id
         WHERE k.slug = 'copa-do-brasil' AND k.temporada = '2025'
         ORDER BY f.ordem, ch.ordem`,
      );
    });

    it('has three phases: two of single matches, then one of two-legged ties', () => {
      const phases = [...new Set(ties.map((t) => `${String(t.fase)}|${String(t.ida_e_volta)}`))];
      assert.deepEqual(phases, ['1ª Fase|false', '2ª Fase|false', '3ª Fase|true']);
      const count = (fase: string, legs: number) => ties.filter((t) => t.fase === fase && t.partidas === legs).length;
      assert.deepEqual([count('1ª Fase', 1), count('2ª Fase', 1), count('3ª Fase', 2)], [40, 20, 16]);
      for (const t of ties.filter((x) => x.fase === '3ª Fase'))
        assert.deepEqual([t.ida, t.volta], [true, true], `chave ${String(t.chave)}`);
    });

    it('aggregates the legs and decides every tie by goals, then the shoot-out', () => {
      for (const t of ties) {
        const label = `${String(t.fase)} chave ${String(t.chave)}: ${String(t.time_1)} x ${String(t.time_2)}`;
        assert.deepEqual([t.g1, t.g2], [t.soma_1, t.soma_2], label);
        const g1 = Number(t.g1);
        const g2 = Number(t.g2);
        assert.equal(g1 === g2, t.p1 !== null && t.p2 !== null, `${label}: shoot-out exactly when level`);
        const first = g1 !== g2 ? g1 > g2 : Number(t.p1) > Number(t.p2);
        assert.equal(t.vencedor, first ? t.time_1 : t.time_2, label);
      }
    });

    it('matches the file on ties read by hand', () => {
      const tie = (a: string, b: string) => {
        const t = ties.find((x) => x.time_1 === a && x.time_2 === b);
        assert.ok(t, `${a} x ${b}`);
        return [t.fase, t.g1, t.g2, t.p1, t.p2, t.vencedor];
      };
      // `São Raimundo RR v Grêmio Porto Alegre 1-4 pen. 1-4 a.e.t. (1-1, 0-0)`: 1-1, Grêmio on penalties.
      assert.deepEqual(tie('sao raimundo rr', 'gremio'), ['1ª Fase', 1, 1, 1, 4, 'gremio']);
      assert.deepEqual(tie('asa', 'atletico goianiense'), ['1ª Fase', 1, 1, 5, 6, 'atletico goianiense']);
      assert.deepEqual(tie('internacional', 'maracana'), ['3ª Fase', 4, 0, null, null, 'internacional']);
      // Retrô 1-1 Fortaleza, then Fortaleza 1-1 Retrô and 1-4 on penalties.
      assert.deepEqual(tie('retro', 'fortaleza'), ['3ª Fase', 2, 2, 4, 1, 'retro']);
      // Operário Ferroviário 1-1 Vasco, then Vasco 1-1 Operário Ferroviário and 7-6 on penalties.
      assert.deepEqual(tie('operario ferroviario', 'vasco da gama'), ['3ª Fase', 2, 2, 6, 7, 'vasco da gama']);
      assert.deepEqual(tie('santos', 'brasil al'), ['3ª Fase', 1, 1, 4, 5, 'brasil al']);
    });
  });
});
