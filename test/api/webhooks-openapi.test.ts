import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { EVENTOS } from '../../src/domain/events.js';
import { readOutbox } from '../../src/warehouse/outbox-reader.js';
import { ingestInto } from '../kit/ingest.js';
import { LIVE_DAY } from '../kit/fixtures.js';
import { startHarness, type Harness } from '../kit/server.js';
import { assertOpenApi, assertWebhookPayload } from '../kit/openapi.js';

// The webhook routes belong to the webhooks part (test/webhooks/routes.test.ts covers their behaviour);
// here their answers are checked against the OpenAPI document the API publishes.
describe('webhook management responses match the OpenAPI document', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness({ ingestDemo: false });
    key = await h.key('pro');
  });
  after(() => h.cleanup());

  it('create, list, detail, update, test delivery, deliveries, rotate secret, delete', async () => {
    const send = (method: string, path: string, body?: unknown) => h.sendJson(method, path, key, body);
    const created = await send('POST', '/v1/webhooks', {
      nome: 'placar',
      url: 'https://93.184.216.34/hooks',
      eventos: ['partida.gol'],
    });
    assert.equal(created.status, 201, created.text);
    assertOpenApi('/v1/webhooks', 201, created.json, 'post');
    const id = created.json.data.id as number;
    const cases: [string, string, string, number, unknown?][] = [
      ['GET', '/v1/webhooks', '/v1/webhooks', 200],
      ['GET', `/v1/webhooks/${id}`, '/v1/webhooks/{id}', 200],
      ['PATCH', `/v1/webhooks/${id}`, '/v1/webhooks/{id}', 200, { ativo: false }],
      ['POST', `/v1/webhooks/${id}/testar`, '/v1/webhooks/{id}/testar', 202],
      ['GET', `/v1/webhooks/${id}/entregas`, '/v1/webhooks/{id}/entregas', 200],
      ['POST', `/v1/webhooks/${id}/rotacionar-segredo`, '/v1/webhooks/{id}/rotacionar-segredo', 200],
    ];
    for (const [method, path, template, status, body] of cases) {
      const r = await send(method, path, body);
      assert.equal(r.status, status, `${method} ${path}: ${r.text}`);
      assertOpenApi(template, status, r.json, method.toLowerCase());
    }
    const gone = await send('DELETE', `/v1/webhooks/${id}`);
    assert.equal(gone.status, 204);
    const missing = await send('GET', `/v1/webhooks/${id}`);
    assert.equal(missing.status, 404);
    assertOpenApi('/v1/webhooks/{id}', 404, missing.json);
  });
});

describe('event bodies match the OpenAPI webhooks section', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.cleanup());

  it('every body the live day records, of all eight events, validates against its event schema', async () => {
    const seen = new Set<string>();
    for (const file of readdirSync(LIVE_DAY)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const id = await ingestInto(h.dataDir, [path.join(LIVE_DAY, file)]);
      for (const e of await readOutbox(h.dataDir, id, 0)) {
        assertWebhookPayload(e.evento, JSON.parse(e.corpo));
        seen.add(e.evento);
      }
    }
    assert.deepEqual([...seen].sort(), [...EVENTOS].sort());
  });

  it('each event in the published document carries an example body that validates against its schema', async () => {
    const doc = (await h.get('/v1/openapi.json')).json as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { example?: unknown }> } } }>;
    };
    for (const evento of EVENTOS) {
      const example = doc.webhooks[evento]?.post.requestBody.content['application/json']?.example;
      assert.equal((example as { evento?: string } | undefined)?.evento, evento);
      assertWebhookPayload(evento, example);
    }
  });
});
