import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Feed } from '../../src/feeds/canonical.js';
import { FeedRejectedError } from '../../src/feeds/errors.js';
import { brasileiraoCsvAdapter } from '../../src/feeds/adapters/brasileirao-csv.js';
import type { AdapterOptions, InputFile } from '../../src/feeds/adapters/types.js';
import { STAT_ADVANCED_FIELDS } from '../../src/feeds/statistics-fields.js';
import { readGroups } from '../../src/feeds/adapters/index.js';
import { addAliases } from '../../src/feeds/team-names.js';
import { schemaIssues } from '../../src/feeds/validate-schema.js';

const q = (cells: readonly string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
const csv = (rows: readonly (readonly string[])[]) => `${rows.map(q).join('\r\n')}\r\n`;

const MATCH_HEADER = [
  'ID',
  'rodata',
  'data',
  'hora',
  'mandante',
  'visitante',
  'formacao_mandante',
  'formacao_visitante',
  'tecnico_mandante',
  'tecnico_visitante',
  'vencedor',
  'arena',
  'mandante_Placar',
  'visitante_Placar',
  'mandante_Estado',
  'visitante_Estado',
];
const GOAL_HEADER = ['partida_id', 'rodata', 'clube', 'atleta', 'minuto', 'tipo_de_gol'];
const CARD_HEADER = ['partida_id', 'rodata', 'clube', 'cartao', 'atleta', 'num_camisa', 'posicao', 'minuto'];
const STAT_HEADER = [
  'partida_id',
  'rodata',
  'clube',
  'chutes',
  'chutes_no_alvo',
  'posse_de_bola',
  'passes',
  'precisao_passes',
  'faltas',
  'cartao_amarelo',
  'cartao_vermelho',
  'impedimentos',
  'escanteios',
];

// Two seasons: 2020 runs into February 2021 (one championship), then 2021 starts in May after a long break.
const MATCHES = [
  MATCH_HEADER,
  [
    '10',
    '1',
    '08/08/2020',
    '16:00',
    'Flamengo',
    'Atletico-MG',
    '4-2-3-1',
    '',
    'Domènec Torrent',
    '',
    'Atletico-MG',
    '\u00a0Maracanã',
    '0',
    '1',
    'RJ',
    'MG',
  ],
  [
    '11',
    '38',
    '25/02/2021',
    '21:30',
    'Sao Paulo',
    'Flamengo',
    '',
    '',
    '',
    '',
    'Sao Paulo',
    'Morumbi',
    '2',
    '1',
    'SP',
    'RJ',
  ],
  ['12', '1', '29/05/2021', '', 'Atletico-MG', 'Sao Paulo', '', '', '', '', '-', '', '0', '0', 'MG', 'SP'],
];
const GOALS = [
  GOAL_HEADER,
  ['10', '1', 'Atletico-MG', 'Hulk', '45+2', 'Penalty'],
  ['11', '38', 'Sao Paulo', 'Luciano', '12', ''],
  ['11', '38', 'Sao Paulo', 'Gustavo Henrique', '90+10', 'Gol Contra'],
  ['11', '38', 'Flamengo', 'Gabriel', '70', ''],
];
const CARDS = [
  CARD_HEADER,
  ['10', '1', 'Flamengo', 'Amarelo', 'Gerson', '8', 'Meio-campo', '30'],
  ['10', '1', 'Flamengo', 'Vermelho', 'Gerson', '8', '', '90+1'],
];
const STATS = [
  STAT_HEADER,
  ['10', '1', 'Flamengo', '12', '5', '60%', '500', '88%', '10', '1', '1', '2', '7'],
  ['10', '1', 'Atletico-MG', '8', '3', 'None', '350', '', '14', '0', '0', '0', '3'],
  ['11', '38', 'Sao Paulo', '0', '0', '', '0', '', '0', '0', '0', '0', '0'],
  ['11', '38', 'Flamengo', '0', '0', 'None', '0', 'None', '0', '0', '0', '0', '0'],
];

function files(over: Partial<Record<'m' | 'g' | 'c' | 's', readonly (readonly string[])[]>> = {}): InputFile[] {
  return [
    { name: 'd/campeonato-brasileiro-full.csv', content: Buffer.from(`\uFEFF${csv(over.m ?? MATCHES)}`) },
    { name: 'd/campeonato-brasileiro-gols.csv', content: Buffer.from(csv(over.g ?? GOALS)) },
    { name: 'd/campeonato-brasileiro-cartoes.csv', content: Buffer.from(csv(over.c ?? CARDS)) },
    { name: 'd/campeonato-brasileiro-estatisticas-full.csv', content: Buffer.from(csv(over.s ?? STATS)) },
  ];
}

function read(input: InputFile[] = files(), options: AdapterOptions = {}): Feed {
  const feeds = brasileiraoCsvAdapter.read(input, options);
  assert.equal(feeds.length, 1);
  return feeds[0] as Feed;
}

function rejected(input: InputFile[], message: string, options: AdapterOptions = {}): void {
  assert.throws(
    () => read(input, options),
    (err: unknown) => err instanceof FeedRejectedError && err.message === message,
  );
}

describe('brasileirao-csv', () => {
  it('splits seasons by the off-season break, not the calendar year', () => {
    const feed = read();
    assert.equal(feed.fonte, 'brasileirao-dataset');
    assert.deepEqual(
      feed.campeonatos,
      ['2020', '2021'].map((temporada) => ({
        id: `campeonato-brasileiro-serie-a/${temporada}`,
        nome: 'Campeonato Brasileiro Série A',
        nome_popular: 'Brasileirão Série A',
        slug: 'campeonato-brasileiro-serie-a',
        temporada,
        tipo: 'pontos-corridos',
        regiao: 'nacional',
      })),
    );
    assert.deepEqual(
      feed.partidas?.map((p) => [p.id, p.campeonato, p.rodada]),
      [
        ['10', 'campeonato-brasileiro-serie-a/2020', 'campeonato-brasileiro-serie-a/2020/rodada-1'],
        ['11', 'campeonato-brasileiro-serie-a/2020', 'campeonato-brasileiro-serie-a/2020/rodada-38'],
        ['12', 'campeonato-brasileiro-serie-a/2021', 'campeonato-brasileiro-serie-a/2021/rodada-1'],
      ],
    );
    assert.deepEqual(
      feed.rodadas?.map((r) => [r.id, r.numero]),
      [
        ['campeonato-brasileiro-serie-a/2020/rodada-1', 1],
        ['campeonato-brasileiro-serie-a/2020/rodada-38', 38],
        ['campeonato-brasileiro-serie-a/2021/rodada-1', 1],
      ],
    );
  });

  it('reads matches: score, kick-off at Brasília time, stadium, unknown time as null', () => {
    const feed = read();
    assert.deepEqual(feed.partidas?.[0], {
      id: '10',
      campeonato: 'campeonato-brasileiro-serie-a/2020',
      rodada: 'campeonato-brasileiro-serie-a/2020/rodada-1',
      mandante: 'Flamengo',
      visitante: 'Atletico-MG',
      status: 'encerrado',
      placar_mandante: 0,
      placar_visitante: 1,
      prorrogacao: false,
      penalti: null,
      data_hora: '2020-08-08T16:00:00-03:00',
      estadio: 'Maracanã',
    });
    assert.deepEqual([feed.partidas?.[2]?.data_hora, feed.partidas?.[2]?.estadio], [null, null]);
    assert.deepEqual(feed.times, [
      { id: 'Flamengo', nome: 'Flamengo', estado: 'RJ' },
      { id: 'Atletico-MG', nome: 'Atlético Mineiro', apelidos: ['Atletico-MG'], estado: 'MG' },
      { id: 'Sao Paulo', nome: 'São Paulo', apelidos: ['Sao Paulo'], estado: 'SP' },
    ]);
  });

  it('reads goals and cards as events: stoppage time, own goals, penalties', () => {
    const feed = read();
    assert.deepEqual(feed.eventos, [
      {
        id: '10/gol-1',
        partida: '10',
        tipo: 'penalti',
        minuto: 45,
        acrescimo: 2,
        time: 'Atletico-MG',
        jogador: 'Hulk',
      },
      {
        id: '11/gol-1',
        partida: '11',
        tipo: 'gol',
        minuto: 12,
        acrescimo: null,
        time: 'Sao Paulo',
        jogador: 'Luciano',
      },
      {
        id: '11/gol-2',
        partida: '11',
        tipo: 'gol_contra',
        minuto: 90,
        acrescimo: 10,
        time: 'Sao Paulo',
        jogador: 'Gustavo Henrique',
      },
      { id: '11/gol-3', partida: '11', tipo: 'gol', minuto: 70, acrescimo: null, time: 'Flamengo', jogador: 'Gabriel' },
      {
        id: '10/cartao-1',
        partida: '10',
        tipo: 'cartao_amarelo',
        minuto: 30,
        acrescimo: null,
        time: 'Flamengo',
        jogador: 'Gerson',
      },
      {
        id: '10/cartao-2',
        partida: '10',
        tipo: 'cartao_vermelho',
        minuto: 90,
        acrescimo: 1,
        time: 'Flamengo',
        jogador: 'Gerson',
      },
    ]);
  });

  it('reads formations and coaches as confirmed lineups without players, only where present', () => {
    assert.deepEqual(read().escalacoes, [
      {
        partida: '10',
        lado: 'mandante',
        formacao: '4-2-3-1',
        tecnico: 'Domènec Torrent',
        confirmada: true,
        titulares: [],
        reservas: [],
      },
    ]);
  });

  it('reads statistics as basic-source fields: unknown cells and not-covered rows are null, never 0', () => {
    const stats = read().estatisticas ?? [];
    assert.deepEqual(stats[0], {
      partida: '10',
      lado: 'mandante',
      origem: 'basica',
      finalizacoes_total: 12,
      finalizacoes_no_gol: 5,
      posse_bola: 60,
      passes_total: 500,
      precisao_passes: 88,
      faltas: 10,
      cartoes_amarelos: 1,
      cartoes_vermelhos: 1,
      impedimentos: 2,
      escanteios: 7,
    });
    // None and empty are unknown; real zeros in a covered row stay 0.
    assert.deepEqual(
      [stats[1]?.lado, stats[1]?.posse_bola, stats[1]?.precisao_passes, stats[1]?.cartoes_vermelhos],
      ['visitante', null, null, 0],
    );
    for (const row of stats.slice(2)) {
      const values = Object.entries(row).filter(([k]) => !['partida', 'lado', 'origem'].includes(k));
      assert.ok(values.length > 0 && values.every(([, v]) => v === null), JSON.stringify(row));
    }
    for (const row of stats) for (const field of STAT_ADVANCED_FIELDS) assert.equal(row[field] ?? null, null);
  });

  it('reads the matches file alone, and applies championship options', () => {
    const feed = read(files().slice(0, 1), { campeonato: { nome: 'Brasileirão', slug: 'br-a', regiao: 'BR' } });
    assert.deepEqual(
      [
        feed.eventos,
        feed.estatisticas,
        feed.campeonatos?.[0]?.id,
        feed.campeonatos?.[0]?.nome,
        feed.campeonatos?.[0]?.nome_popular,
        feed.campeonatos?.[0]?.regiao,
      ],
      [[], undefined, 'br-a/2020', 'Brasileirão', 'Brasileirão', 'BR'],
    );
    const one = read([{ name: 'm.csv', content: Buffer.from(csv(MATCHES.slice(0, 2))) }], {
      campeonato: { temporada: '2020/21' },
    });
    assert.equal(one.campeonatos?.[0]?.id, 'campeonato-brasileiro-serie-a/2020/21');
  });

  it('detects and groups the family by header, per folder', () => {
    const all = files();
    assert.ok(all.every((f) => brasileiraoCsvAdapter.detect(f)));
    assert.equal(brasileiraoCsvAdapter.detect({ name: 'x.csv', content: Buffer.from('"a","b"\n"1","2"\n') }), false);
    assert.equal(brasileiraoCsvAdapter.detect({ name: 'x.txt', content: Buffer.from(csv(MATCHES)) }), false);
    const other = { name: 'e/campeonato-brasileiro-full.csv', content: all[0]?.content ?? Buffer.alloc(0) };
    const readme = { name: 'd/Legenda.txt', content: Buffer.from('Legenda') };
    assert.deepEqual(
      brasileiraoCsvAdapter.group?.([...all, readme, other]).map((g) => g.map((f) => f.name)),
      [all.map((f) => f.name), [other.name]],
    );
  });

  it('rejects bad rows with file, line and reason', () => {
    const m = (row: string[]) => files({ m: [MATCH_HEADER, ...MATCHES.slice(1, 3), row] });
    const base = MATCHES[3] as string[];
    const at = (i: number, v: string) => base.map((c, k) => (k === i ? v : c));
    rejected(
      m(at(2, '2021-05-29')),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): data inválida "2021-05-29" (esperado DD/MM/AAAA)',
    );
    rejected(
      m(at(2, '31/02/2021')),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): data inválida "31/02/2021" (esperado DD/MM/AAAA)',
    );
    rejected(
      m(at(3, '9h')),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): hora inválida "9h" (esperado HH:MM)',
    );
    rejected(m(at(0, '10')), 'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): ID 10 repetido');
    rejected(
      m(at(1, '0')),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): rodata inválido "0" (esperado inteiro ≥ 1)',
    );
    rejected(
      m(at(12, '-1')),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): mandante_Placar inválido "-1" (esperado inteiro ≥ 0)',
    );
    rejected(m(at(5, '')), 'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): visitante vazio');
    rejected(
      m(base.slice(0, 5)),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): esperadas 16 colunas, encontradas 5',
    );
    rejected(
      files({ g: [GOAL_HEADER, ['10', '1', 'Flamengo', 'X', '45+', '']] }),
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): minuto inválido "45+" (esperado 0..120, com acréscimo como 45+2)',
    );
    rejected(
      files({ g: [GOAL_HEADER, ['10', '1', 'Flamengo', 'X', '121', '']] }),
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): minuto inválido "121" (esperado 0..120, com acréscimo como 45+2)',
    );
    rejected(
      files({ g: [GOAL_HEADER, ['10', '1', 'Flamengo', 'X', '90+31', '']] }),
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): acréscimo inválido "90+31" (esperado 0..30)',
    );
    rejected(
      m(at(13, '1234567890')),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 4): visitante_Placar inválido "1234567890" (esperado inteiro ≥ 0)',
    );
    rejected(
      files({ g: [GOAL_HEADER, ['10', '1', 'Flamengo', 'X', '4', 'Olímpico']] }),
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): tipo_de_gol desconhecido "Olímpico" (aceitos: "", "Penalty", "Gol Contra")',
    );
    rejected(
      files({ g: [GOAL_HEADER, ['99', '1', 'Flamengo', 'X', '4', '']] }),
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): partida_id 99 não existe no arquivo de partidas',
    );
    rejected(
      files({ c: [CARD_HEADER, ['10', '1', 'Santos', 'Amarelo', 'X', '', '', '4']] }),
      'feed rejeitado: d/campeonato-brasileiro-cartoes.csv (linha 2): clube "Santos" não joga a partida 10 (Flamengo x Atletico-MG)',
    );
    rejected(
      files({ c: [CARD_HEADER, ['10', '1', 'Flamengo', 'Azul', 'X', '', '', '4']] }),
      'feed rejeitado: d/campeonato-brasileiro-cartoes.csv (linha 2): cartao desconhecido "Azul" (aceitos: "Amarelo", "Vermelho")',
    );
    const stat = STATS[1] as string[];
    rejected(
      files({ s: [STAT_HEADER, stat.map((c, k) => (k === 5 ? '120%' : c))] }),
      'feed rejeitado: d/campeonato-brasileiro-estatisticas-full.csv (linha 2): valor inválido "120%" na coluna posse_de_bola (esperado percentual 0..100, vazio ou None)',
    );
    rejected(
      files({ s: [STAT_HEADER, stat.map((c, k) => (k === 3 ? 'n/a' : c))] }),
      'feed rejeitado: d/campeonato-brasileiro-estatisticas-full.csv (linha 2): valor inválido "n/a" na coluna chutes (esperado inteiro ≥ 0, vazio ou None)',
    );
    rejected(
      files({ s: [STAT_HEADER, stat.map((c, k) => (k === 4 ? '1234567890' : c))] }),
      'feed rejeitado: d/campeonato-brasileiro-estatisticas-full.csv (linha 2): valor inválido "1234567890" na coluna chutes_no_alvo (esperado inteiro ≥ 0, vazio ou None)',
    );
    rejected(
      files({ s: [STAT_HEADER, stat, stat] }),
      'feed rejeitado: d/campeonato-brasileiro-estatisticas-full.csv (linha 3): estatísticas repetidas da partida 10 (mandante)',
    );
  });

  it('counts lines across quoted line breaks and rejects broken quoting', () => {
    const multiline = files({
      g: [GOAL_HEADER, ['10', '1', 'Atletico-MG', 'Two\nlines', '45', ''], ['10', '1', 'Flamengo', 'X', 'x', '']],
    });
    rejected(
      multiline,
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 4): minuto inválido "x" (esperado 0..120, com acréscimo como 45+2)',
    );
    const broken = files();
    broken[1] = {
      name: 'd/campeonato-brasileiro-gols.csv',
      content: Buffer.from(`${q(GOAL_HEADER)}\n"10","1","Flamengo"x,"a","1",""\n"11`),
    };
    rejected(
      broken,
      'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): caractere depois de um campo entre aspas',
    );
    broken[1] = {
      name: 'd/campeonato-brasileiro-gols.csv',
      content: Buffer.from(`${q(GOAL_HEADER)}\n"10","1","Flamengo`),
    };
    rejected(broken, 'feed rejeitado: d/campeonato-brasileiro-gols.csv (linha 2): aspas sem fechamento');
  });

  it('rejects a group without its matches file, with two of a kind, or a season option over several seasons', () => {
    const all = files();
    rejected(
      all.slice(1),
      'feed rejeitado: d/campeonato-brasileiro-gols.csv: falta o arquivo de partidas (campeonato-brasileiro-full.csv) no grupo',
    );
    rejected(
      [...all, { ...(all[1] as InputFile), name: 'd/gols2.csv' }],
      'feed rejeitado: d/gols2.csv: dois arquivos de gols no mesmo grupo (o outro: d/campeonato-brasileiro-gols.csv)',
    );
    rejected(
      all,
      'feed rejeitado: d/campeonato-brasileiro-full.csv: a opção temporada vale para um arquivo de uma só temporada; este tem 2',
      { campeonato: { temporada: '2020' } },
    );
    rejected(
      [{ name: 'd/x.csv', content: Buffer.from('"a"\n') }],
      'feed rejeitado: d/x.csv (linha 1): cabeçalho não é de nenhum arquivo da família Brasileirão CSV',
    );
  });

  it('builds feeds the schema accepts, so ingest checks only championships made from options', () => {
    assert.deepEqual(schemaIssues('d', read()), []);
    const group = (options: AdapterOptions) =>
      readGroups([{ adapter: brasileiraoCsvAdapter, files: files() }], options);
    assert.equal(group({}).length, 1);
    assert.throws(
      () => group({ campeonato: { slug: 'Serie A' } }),
      (err: unknown) =>
        err instanceof FeedRejectedError &&
        err.totalIssues === 2 &&
        err.message ===
          `feed rejeitado: 2 problema(s); o primeiro: ${files()
            .map((f) => f.name)
            .join(' + ')} (em /campeonatos/0/slug): formato inválido (padrão ^[a-z0-9]+(-[a-z0-9]+)*$)`,
    );
  });

  it('rejects names over the size limits, though the schema checks none of its records', () => {
    const row = [...MATCHES[1]!];
    row[8] = 'T'.repeat(201);
    row[11] = 'M'.repeat(64 * 1024);
    const input = files({ m: [MATCHES[0]!, row, ...MATCHES.slice(2)] });
    const names = input.map((f) => f.name).join(' + ');
    assert.throws(
      () => readGroups([{ adapter: brasileiraoCsvAdapter, files: input }], {}),
      (err: unknown) =>
        err instanceof FeedRejectedError &&
        err.issues.map((i) => `${i.position.pointer}: ${i.reason}`).join('\n') ===
          ['/partidas/0/estadio: no máximo 200 caracteres', '/escalacoes/0/tecnico: no máximo 200 caracteres'].join(
            '\n',
          ) &&
        err.issues.every((i) => i.file === names),
    );
  });

  it('rejects a club that a user alias file names with an empty string', () => {
    addAliases({ clubes: { '': ['Clube Sem Nome'] } }, 'apelidos.json');
    const row = [
      '13',
      '2',
      '06/06/2021',
      '16:00',
      'Clube Sem Nome',
      'Sao Paulo',
      '',
      '',
      '',
      '',
      '-',
      '',
      '0',
      '0',
      'RJ',
      'SP',
    ];
    rejected(
      files({ m: [...MATCHES, row] }),
      'feed rejeitado: d/campeonato-brasileiro-full.csv (linha 5): mandante "Clube Sem Nome" tem nome vazio no arquivo de apelidos',
    );
  });
});
