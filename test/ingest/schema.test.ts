import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { schemaFileText, SCHEMA_FILE } from '../../src/feeds/schema/generate.js';
import { schemaIssues } from '../../src/feeds/validate-schema.js';
import {
  GOALKEEPER_STAT_FIELDS,
  PLAYER_STAT_FIELDS,
  STAT_DECIMAL_FIELDS,
  STAT_INTEGER_FIELDS,
} from '../../src/feeds/statistics-fields.js';
import { baseFeed } from './helpers.js';

interface SchemaNode {
  properties: Record<string, { type?: string[] }>;
  required: string[];
}

const published = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $defs: Record<string, SchemaNode> };

describe('svc-feed/1 JSON Schema', () => {
  it('the published file is up to date with its generator (run src/feeds/schema/generate.ts)', () => {
    assert.equal(readFileSync(SCHEMA_FILE, 'utf8'), schemaFileText());
  });

  it('match statistics list exactly the fields of statistics-fields.ts, typed per list', () => {
    const props = published.$defs.estatisticas?.properties ?? {};
    assert.deepEqual(Object.keys(props), [
      'fonte',
      'partida',
      'lado',
      'origem',
      ...STAT_DECIMAL_FIELDS,
      ...STAT_INTEGER_FIELDS,
    ]);
    for (const f of STAT_DECIMAL_FIELDS) assert.deepEqual(props[f]?.type, ['number', 'null'], f);
    for (const f of STAT_INTEGER_FIELDS) assert.deepEqual(props[f]?.type, ['integer', 'null'], f);
  });

  it('per-player and goalkeeper statistics list exactly the fields of statistics-fields.ts', () => {
    assert.deepEqual(Object.keys(published.$defs.estatisticasJogador?.properties ?? {}), [
      ...PLAYER_STAT_FIELDS,
      'goleiro',
    ]);
    assert.deepEqual(Object.keys(published.$defs.estatisticasGoleiro?.properties ?? {}), [...GOALKEEPER_STAT_FIELDS]);
  });

  it('accepts the base feed and a feed using every collection', () => {
    assert.deepEqual(schemaIssues('f', baseFeed()), []);
    const full = {
      ...baseFeed(),
      gerado_em: '2019-04-27T18:00:00-03:00',
      fases: [
        {
          id: 'f1',
          campeonato: 'br',
          nome: 'Final',
          ordem: 1,
          tipo: 'mata-mata',
          ida_e_volta: true,
          chaves: [{ id: 1, nome: 'Final' }],
        },
      ],
      escalacoes: [
        {
          partida: 100,
          lado: 'mandante',
          formacao: '4-3-3',
          tecnico: 'Jorge Jesus',
          confirmada: true,
          titulares: [
            {
              nome: 'Diego Alves',
              numero: 1,
              estatisticas: { minutos_jogados: 90, nota: 7.1, goleiro: { defesas: 3, gols_evitados: 0.4 } },
            },
          ],
          reservas: [{ nome: 'César', substituido_por: null }],
        },
      ],
      estatisticas: [
        {
          partida: 100,
          lado: 'visitante',
          origem: 'avancada',
          posse_bola: 45.5,
          gols_esperados: 0.8,
          grandes_chances: 2,
        },
      ],
      remocoes: [{ entidade: 'evento', id: 'e9', fonte: 'teste' }],
    };
    assert.deepEqual(schemaIssues('f', full), []);
  });

  it('rejects what the format forbids, with pointers', () => {
    const feed = baseFeed() as unknown as { partidas: Record<string, unknown>[]; jogadores: Record<string, unknown>[] };
    feed.partidas[0]!.jogo = 3;
    feed.jogadores[0]!.data_nascimento = '30/08/1996';
    assert.deepEqual(
      schemaIssues('f', feed).map((i) => `${i.position.pointer ?? ''}: ${i.reason}`),
      [
        '/jogadores/0/data_nascimento: formato inválido; esperado data AAAA-MM-DD',
        '/partidas/0/jogo: valor não permitido; use um de: 1, 2, null',
      ],
    );
  });
});
