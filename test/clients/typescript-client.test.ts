import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createSvcClient } from '../../clients/typescript/index.js';
import { generateSchema, SCHEMA_FILE } from '../../clients/typescript/generate.js';
import { startHarness, type Harness } from '../kit/server.js';

describe('typed TypeScript client (clients/typescript)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.cleanup());

  it('schema.ts is what openapi-typescript generates from the served /v1/openapi.json (npm run client:generate)', async () => {
    const served = await h.get('/v1/openapi.json');
    assert.equal(served.status, 200);
    const generated = await generateSchema(served.json as object);
    assert.ok(
      generated === readFileSync(SCHEMA_FILE, 'utf8'),
      'clients/typescript/schema.ts is stale: run `npm run client:generate` and commit it',
    );
  });

  it('calls the API with typed paths and parameters, and hands back the error body', async () => {
    const api = createSvcClient({ baseUrl: `${h.url}/`, key: await h.key('enterprise') });
    const { data, error } = await api.GET('/v1/campeonatos/{campeonatoId}/tabela', {
      params: { path: { campeonatoId: 1 } },
    });
    assert.equal(error, undefined);
    assert.equal(data?.data.campeonato_id, 1);
    assert.ok((data?.data.classificacao.length ?? 0) > 0);
    const missing = await api.GET('/v1/jogadores/{id}', { params: { path: { id: 999_999 } } });
    assert.equal(missing.response.status, 404);
    assert.deepEqual(missing.error, { erro: 'Não encontrado', mensagem: 'Jogador não encontrado' });
    const anonymous = await createSvcClient({ baseUrl: h.url }).GET('/v1/me');
    assert.equal(anonymous.response.status, 401);
  });
});
