/**
 * One player is one person (issue #27): the Brasileirão CSV family names a player per club and per
 * spelling; through the real `svc ingest` and the real API, a transfer is a career, a known spelling is the
 * same person, namesakes stay apart, and the cards file gives positions and shirt numbers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../kit/dirs.js';
import { startHarness, type Harness } from '../kit/server.js';
import { CSV_DIR, firstIngest, ingest, SKIP, type Summary } from './real-data.js';

interface Jogador {
  id: number;
  nome: string;
  gols: number;
  posicao: { nome: string; sigla: string } | null;
  numero_camisa: number | null;
  time: { nome: string } | null;
  clubes: { nome: string }[];
}

describe('real data: players across clubs and spellings', { skip: SKIP }, () => {
  const { dir, cleanup } = tempDir('svc-people-');
  let summary: Summary & { pessoas_ambiguas: { jogador_id: number; nome: string; candidatos: number[] }[] };
  let h: Harness;
  let key: string;
  const players = async (query: string): Promise<Jogador[]> => {
    const r = await h.get(`/v1/jogadores?${query}`, key);
    assert.equal(r.status, 200, r.text);
    return r.json.data as Jogador[];
  };

  before(async () => {
    summary = (await firstIngest(dir, [CSV_DIR])) as typeof summary;
    h = await startHarness({ dir });
    key = await h.key('enterprise', { cota_requisicoes: 1_000_000, requisicoes_por_segundo: 100_000 });
  });
  after(async () => {
    await h?.stop();
    cleanup();
  });

  it('Série A 2016: Fred (Fluminense, then Atlético Mineiro) is one scorer with 14, level at the top', async () => {
    const list = (await h.get('/v1/campeonatos?temporada=2016', key)).json.data as { id: number }[];
    assert.equal(list.length, 1);
    const top = (await h.get(`/v1/campeonatos/${list[0]?.id}/artilharia`, key)).json.data as Jogador[];
    const freds = top.filter((j) => j.nome === 'Fred');
    // Grêmio's Fred, a defender playing the same weeks, is another person: 2 goals of his own.
    assert.deepEqual(
      freds.map((j) => [j.gols, j.time?.nome]),
      [
        [14, 'Atlético Mineiro'],
        [2, 'Grêmio'],
      ],
    );
    assert.deepEqual(
      top.slice(0, 3).map((j) => [j.nome, j.gols]),
      [
        ['Diego Souza', 14],
        ['Fred', 14],
        ['William Pottker', 14],
      ],
    );
  });

  it('q=fred: the striker and the defender, each with his clubs, not one Fred per club', async () => {
    const freds = (await players('q=fred')).filter((j) => j.nome === 'Fred');
    assert.deepEqual(freds.map((j) => [j.posicao?.nome, j.clubes.map((c) => c.nome)]).sort(), [
      ['Atacante', ['Fluminense', 'Atlético Mineiro', 'Cruzeiro']],
      ['Zagueiro', ['Goiás', 'Grêmio', 'Vitória']],
    ]);
    const [striker] = await players('q=fred&posicao=atacante');
    assert.equal(striker?.nome, 'Fred');
    // Each record id (what events link to) serves the person.
    const byId = (await h.get(`/v1/jogadores/${striker?.id}`, key)).json.data as Jogador;
    assert.equal(byId.gols, striker?.gols);
  });

  it('q=gabriel barbosa: one person, Santos then Flamengo, with the 2022 spelling of the file', async () => {
    const found = await players('q=gabriel%20barbosa');
    assert.equal(found.length, 1, JSON.stringify(found.map((j) => j.nome)));
    const [gabigol] = found;
    assert.deepEqual(
      gabigol?.clubes.map((c) => c.nome),
      ['Santos', 'Flamengo'],
    );
    // 41 for Santos, 60 + 11 ("Gabriel Barbosa Almeida") for Flamengo in the goals file.
    assert.equal(gabigol?.gols, 112);
    assert.equal(gabigol?.time?.nome, 'Flamengo');
    assert.deepEqual(
      (await players('q=barbosa%20almeida')).map((j) => j.id),
      [gabigol?.id],
    );
  });

  it('namesakes a career cannot tell apart are reported, not merged', () => {
    assert.ok(summary.pessoas_ambiguas.length > 0);
    assert.ok(summary.pessoas_ambiguas.every((a) => a.candidatos.length >= 2));
    assert.ok(summary.avisos.some((a) => a.includes('pessoas_ambiguas')));
  });

  it('positions and shirt numbers from the cards file: the posicao filter and the roster order work', async () => {
    const forwards = await players('q=gabriel&posicao=atacante');
    assert.ok(forwards.length > 0);
    assert.ok(forwards.every((j) => j.posicao?.nome === 'Atacante' && j.posicao.sigla.length > 0));
    const keepers = await players('q=rogerio&posicao=goleiro');
    const ceni = keepers.find((j) => j.nome === 'Rogério Ceni');
    assert.equal(ceni?.numero_camisa, 1);
    const squad = (await h.get(`/v1/times/${await teamId('São Paulo')}/jogadores`, key)).json.data as Jogador[];
    const order = ['Goleiro', 'Zagueiro', 'Lateral', 'Volante', 'Meia', 'Atacante'];
    const ranks = squad.map((j) => (j.posicao === null ? order.length : order.indexOf(j.posicao.nome)));
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => a - b),
      'ordered by position',
    );
    assert.equal(squad[0]?.posicao?.nome, 'Goleiro');
  });

  it('loading the same files again changes nothing', async () => {
    const again = await ingest(dir, [CSV_DIR]);
    assert.equal((again as unknown as { nada_mudou: boolean }).nada_mudou, true);
  });

  async function teamId(nome: string): Promise<number> {
    const r = (await h.get(`/v1/times?q=${encodeURIComponent(nome)}`, key)).json.data as { id: number; nome: string }[];
    const t = r.find((x) => x.nome === nome);
    assert.ok(t, nome);
    return t.id;
  }
});
