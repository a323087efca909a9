import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig, ConfigError } from '../../src/config.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { startHarness } from '../kit/server.js';

const TOKEN = 'token-de-metricas-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route template and status, latency, quota refusals and the snapshot, behind its token', async () => {
    const h = await startHarness({ metricsToken: TOKEN });
    try {
      const key = await h.key('pro', { cota_requisicoes: 3, requisicoes_por_segundo: 1000 });
      for (const id of [1, 999]) await h.get(`/v1/campeonatos/${id}`, key);
      await h.get('/v1/campeonatos', key);
      assert.equal((await h.get('/v1/campeonatos', key)).status, 429, 'the fourth request is over the quota of 3');
      await h.get('/v1/campeonatos', 'chave-invalida');
      const registry = sqliteControlPlane(h.control).webhooks;
      const conta = (await h.accounts.getAccount((await h.accounts.listKeys())[0]!.conta))!;
      const webhook = await registry.createWebhook(
        { contaId: conta.id, nome: 'w', url: 'https://example.com/h', eventos: ['partida.gol'], secret: 'whsec_m' },
        null,
        Date.now(),
      );
      await registry.enqueueDelivery(webhook, 'partida.gol', '{}', 'automatica', Date.now() - 1_000);
      await registry.enqueueDelivery(webhook, 'partida.gol', '{}', 'automatica', Date.now() + 60_000);
      // One held by a worker's live lease, one delivered a moment ago in 120 ms.
      const held = await registry.enqueueDelivery(webhook, 'partida.gol', '{}', 'automatica', Date.now() - 1_000);
      h.control
        .prepare("UPDATE entregas SET reservada_ate = ?, reservada_por = 'w:1' WHERE id = ?")
        .run(Date.now() + 30_000, held.id);
      const done = await registry.enqueueDelivery(webhook, 'partida.gol', '{}', 'automatica', Date.now() - 2_000);
      h.control
        .prepare("UPDATE entregas SET status = 'entregue', entregue_em = ?, duracao_ms = 120 WHERE id = ?")
        .run(new Date().toISOString(), done.id);

      assert.equal((await h.get('/metrics')).status, 401);
      const wrong = await h.get('/metrics', undefined, { authorization: `Bearer ${TOKEN}x` });
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.json, { erro: 'Não autorizado', mensagem: 'Token de métricas inválido ou ausente' });
      assert.equal((await h.get('/metrics', key)).status, 401, 'an API key does not open it');

      const r = await h.get('/metrics', undefined, { authorization: `Bearer ${TOKEN}` });
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
      const t = r.text;
      assert.equal(sample(t, 'svc_http_requests_total{rota="/v1/campeonatos/{id}",metodo="GET",status="200"}'), 1);
      assert.equal(sample(t, 'svc_http_requests_total{rota="/v1/campeonatos/{id}",metodo="GET",status="404"}'), 1);
      assert.equal(sample(t, 'svc_http_requests_total{rota="/v1/campeonatos",metodo="GET",status="429"}'), 1);
      assert.equal(sample(t, 'svc_http_requests_total{rota="/v1/campeonatos",metodo="GET",status="401"}'), 1);
      assert.equal(sample(t, 'svc_quota_rejections_total{motivo="cota_diaria"}'), 1);
      assert.equal(sample(t, 'svc_http_request_duration_seconds_count{rota="/v1/campeonatos/{id}"}'), 2);
      assert.ok((sample(t, 'svc_snapshot_id') ?? 0) >= 1);
      assert.ok((sample(t, 'svc_snapshot_age_seconds') ?? -1) >= 0);
      assert.equal(sample(t, 'svc_snapshot_swap_duration_seconds_count'), 1, 'the first load');
      assert.doesNotMatch(t, /rota="\/v1\/campeonatos\/1"/, 'raw paths never become labels');
      assert.equal(sample(t, 'svc_webhook_deliveries{status="pendente"}'), 3);
      assert.equal(sample(t, 'svc_webhook_deliveries{status="entregue"}'), 1);
      assert.equal(sample(t, 'svc_webhook_queue_due'), 1, 'only the one already due and not held');
      assert.equal(sample(t, 'svc_webhook_claimed'), 1);
      assert.equal(sample(t, 'svc_webhook_delivery_seconds_mean'), 0.12);
    } finally {
      await h.cleanup();
    }
  });

  it('without a token: a 404 saying how to switch it on; a short token is a config error', async () => {
    const h = await startHarness({ ingestDemo: false });
    try {
      const r = await h.get('/metrics');
      assert.equal(r.status, 404);
      assert.deepEqual(r.json, {
        erro: 'Não encontrado',
        mensagem:
          'GET /metrics está desligado: defina SVC_METRICS_TOKEN (ou metrics_token no svc.toml; 16 caracteres ou mais), reinicie e chame com Authorization: Bearer <token>.',
      });
    } finally {
      await h.cleanup();
    }
    assert.equal(loadConfig({}, { SVC_METRICS_TOKEN: TOKEN }).metricsToken, TOKEN);
    assert.throws(
      () => loadConfig({}, { SVC_METRICS_TOKEN: 'curto' }),
      (e: unknown) => e instanceof ConfigError && /SVC_METRICS_TOKEN deve ter ao menos 16/.test(e.message),
    );
  });
});
