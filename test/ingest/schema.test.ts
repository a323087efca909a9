import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemaFileText, SCHEMA_FILE } from '../../src/feeds/schema/generate.js';
import { feedValidatorsSource, runGenerated, schemaIssues } from '../../src/feeds/validate-schema.js';
import { REPO_ROOT } from '../kit/fixtures.js';
import {
  GOALKEEPER_STAT_FIELDS,
  PLAYER_STAT_FIELDS,
  STAT_DECIMAL_FIELDS,
  STAT_INTEGER_FIELDS,
} from '../../src/feeds/statistics-fields.js';
import { baseFeed } from './helpers.js';

// ajv-formats is CommonJS: its module object is the plugin function.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

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

describe('the generated feed validators (dist/feed-validators.cjs, written by the build)', () => {
  it('report exactly what the schema compiled at run time reports, valid and invalid records alike', async () => {
    const dir = path.join(REPO_ROOT, '.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `feed-validators-${process.pid}.cjs`);
    writeFileSync(file, feedValidatorsSource());
    try {
      const generated = createRequire(import.meta.url)(file) as Record<string, unknown> & { colecoes: string[] };
      const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
      addFormats(ajv);
      const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string };
      ajv.addSchema(schema);
      const feed = baseFeed() as unknown as Record<string, unknown>;
      const broken: unknown[] = [
        feed,
        { ...feed, formato: 'svc-feed/2' },
        { ...feed, partidas: [{ id: 7, status: 'jogando', placar_mandante: -1, data_hora: 'amanhã', extra: true }] },
        { formato: 'svc-feed/1' },
        [],
      ];
      const whole = generated.v0 as ValidateFunction;
      const compiled = ajv.getSchema(schema.$id) as ValidateFunction;
      for (const doc of broken) {
        assert.equal(whole(doc), compiled(doc), JSON.stringify(doc).slice(0, 80));
        assert.deepEqual(whole.errors ?? null, compiled.errors ?? null);
      }
      assert.deepEqual(generated.colecoes.slice(0, 3), ['', 'campeonatos', 'fases']);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('load with the V8 code cache the build writes beside them: accepted, so nothing is parsed and compiled again', () => {
    const dist = (name: string) => readFileSync(path.join(REPO_ROOT, 'dist', name));
    const source = dist('feed-validators.cjs').toString('utf8');
    const { exports, script } = runGenerated(source, dist('feed-validators.cache'));
    assert.equal(script.cachedDataRejected, false);
    const plain = runGenerated(source).exports;
    const feed = baseFeed() as unknown as Record<string, unknown>;
    for (const doc of [feed, { ...feed, formato: 'svc-feed/2' }, {}]) {
      const [cached, compiled] = [exports.v0, plain.v0] as ValidateFunction[];
      assert.equal(cached!(doc), compiled!(doc));
      assert.deepEqual(cached!.errors ?? null, compiled!.errors ?? null);
    }
  });
});
