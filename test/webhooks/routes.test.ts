import assert from 'node:assert/strict';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { after, before, describe, it } from 'node:test';
import { accountsStoreOn } from '../../src/control/accounts-store.js';
import { openControlDb, type ControlDb } from '../../src/control/database.js';
import { dispatcherCursorOn } from '../../src/control/outbox-cursor.js';
import { EVENTOS } from '../../src/domain/events.js';
import { startHarness, type Harness } from '../kit/server.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { assertWebhookOpenApi } from '../kit/openapi.js';

const HOOK_URL = 'https://93.184.216.34/hooks/svc';

describe('webhook management API', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let h: Harness;
  let pro: string;
  let other: string;
  let free: string;

  before(async () => {
    dataDir = testDataDir();
    db = await openControlDb(dataDir.controlDb);
    const accounts = accountsStoreOn(sqliteSql(db));
    const acme = (await accounts.createAccount('acme', 'pro')).id;
    const rival = (await accounts.createAccount('rival', 'pro')).id;
    pro = (await accounts.createKey(acme, null)).key;
    other = (await accounts.createKey(rival, null)).key;
    // These tests create many webhooks: raise the active-webhook limit (an account override), keep the plan's quota.
    for (const conta of [acme, rival])
      db.prepare('INSERT INTO webhook_contas (conta_id, limite_webhooks) VALUES (?, 100)').run(conta);
    free = (await accounts.createKey((await accounts.createAccount('hobby', 'free', { campeonatos: [1] })).id, null))
      .key;
    h = await startHarness({ dir: dataDir.root });
  });

  after(async () => {
    await h.stop();
    db.close();
    dataDir.cleanup();
  });

  async function call(
    method: string,
    path: string,
    key: string,
    body?: unknown,
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const r = await h.sendJson(method, path, key, body);
    assertWebhookOpenApi(method, path, r.status, r.json);
    return { status: r.status, body: r.json, headers: r.headers };
  }

  async function create(key = pro, body: unknown = { nome: 'placar', url: HOOK_URL }) {
    return call('POST', '/v1/webhooks', key, body);
  }

  it('creates a webhook: whole catalogue by default, secret and a shown-once message, cursor initialised', async () => {
    const r = await create();
    assert.equal(r.status, 201);
    assert.deepEqual(Object.keys(r.body.data), ['id', 'nome', 'url', 'eventos', 'ativo', 'secret']);
    assert.equal(r.body.data.nome, 'placar');
    assert.equal(r.body.data.url, HOOK_URL);
    assert.deepEqual(r.body.data.eventos, [...EVENTOS]);
    assert.equal(r.body.data.ativo, true);
    assert.match(r.body.data.secret, /^whsec_[0-9a-f]{64}$/);
    assert.match(r.body.mensagem, /exibido apenas nesta resposta/);
    assert.equal(r.headers.get('location'), `/v1/webhooks/${r.body.data.id}`);
    assert.equal(await dispatcherCursorOn(sqliteSql(db).db, 'sqlite').get(), 0);
  });

  it('subscribes chosen events in catalogue order; all of them reads as the catalogue', async () => {
    const some = await create(pro, {
      nome: 'gols',
      url: HOOK_URL,
      eventos: ['partida.gol', 'partida.criada', 'partida.gol'],
    });
    assert.deepEqual(some.body.data.eventos, ['partida.criada', 'partida.gol']);
    const all = await create(pro, { nome: 'tudo', url: HOOK_URL, eventos: [...EVENTOS].reverse() });
    assert.deepEqual(all.body.data.eventos, [...EVENTOS]);
  });

  const badBodies: [string, unknown, string][] = [
    ['no body', undefined, 'O corpo deve ser um objeto JSON com os campos: nome, url, eventos.'],
    ['an array', [], 'O corpo deve ser um objeto JSON com os campos: nome, url, eventos.'],
    ['missing nome', { url: HOOK_URL }, 'O campo nome deve ser um texto de 1 a 100 caracteres.'],
    ['blank nome', { nome: '  ', url: HOOK_URL }, 'O campo nome deve ser um texto de 1 a 100 caracteres.'],
    ['missing url', { nome: 'x' }, 'O campo url deve ser uma URL HTTPS de até 2048 caracteres.'],
    [
      'http url',
      { nome: 'x', url: 'http://93.184.216.34/' },
      'O campo url deve usar HTTPS e apontar para um host público: a URL deve usar HTTPS.',
    ],
    [
      'private url',
      { nome: 'x', url: 'https://10.0.0.1/' },
      'O campo url deve usar HTTPS e apontar para um host público: 10.0.0.1 não é um endereço público.',
    ],
    [
      'metadata url',
      { nome: 'x', url: 'https://169.254.169.254/' },
      'O campo url deve usar HTTPS e apontar para um host público: 169.254.169.254 é o endereço de metadados da nuvem.',
    ],
    [
      'localhost url',
      { nome: 'x', url: 'https://localhost:9000/' },
      'O campo url deve usar HTTPS e apontar para um host público: o host localhost não é um host público.',
    ],
    [
      'empty eventos',
      { nome: 'x', url: HOOK_URL, eventos: [] },
      'O campo eventos deve ser uma lista não vazia de nomes de eventos.',
    ],
    [
      'unknown event',
      { nome: 'x', url: HOOK_URL, eventos: ['partida.cartao'] },
      `O campo eventos contém "partida.cartao", que não é um evento (eventos: ${EVENTOS.join(', ')}).`,
    ],
    [
      'unknown field',
      { nome: 'x', url: HOOK_URL, segredo: 'a' },
      'O campo segredo não é aceito (campos: nome, url, eventos).',
    ],
  ];
  for (const [label, body, mensagem] of badBodies) {
    it(`refuses a create body with ${label}: 400`, async () => {
      const r = await call('POST', '/v1/webhooks', pro, body);
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { erro: 'Parâmetro inválido', mensagem });
    });
  }

  it('refuses a key-less request: 401', async () => {
    const r = await call('GET', '/v1/webhooks', 'nope');
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, { erro: 'Não autorizado', mensagem: 'API Key inválida ou inativa' });
  });

  it('answers 422 "Limite do plano" beyond the plan\'s active webhooks, and again when re-activating', async () => {
    const first = await create(free);
    assert.equal(first.status, 201);
    const r = await create(free);
    assert.equal(r.status, 422);
    assert.deepEqual(r.body, {
      erro: 'Limite do plano',
      mensagem:
        'O plano free permite no máximo 1 webhook ativo. Para criar outro, faça upgrade para o plano pro ou enterprise ou desative um webhook existente.',
    });
    const off = await call('PATCH', `/v1/webhooks/${first.body.data.id}`, free, { ativo: false });
    assert.equal(off.body.data.ativo, false);
    const second = await create(free);
    assert.equal(second.status, 201);
    const on = await call('PATCH', `/v1/webhooks/${first.body.data.id}`, free, { ativo: true });
    assert.equal(on.status, 422);
    assert.equal(on.body.erro, 'Limite do plano');
  });

  it("lists own webhooks with the monthly delivery meta; never another account's", async () => {
    await create(other, { nome: 'rival', url: HOOK_URL });
    const r = await call('GET', '/v1/webhooks', pro);
    assert.equal(r.status, 200);
    assert.ok(r.body.data.length >= 1);
    assert.ok(r.body.data.every((w: { nome: string }) => w.nome !== 'rival'));
    assert.deepEqual(r.body.meta, {
      entregas_mes_usadas: 0,
      entregas_mes_limite: 20000,
      entregas_referencia: new Date().toISOString().slice(0, 7).replace('-', ''),
    });
    assert.equal(r.body.data[0].secret, undefined);
  });

  it('shows the detail record without the secret', async () => {
    const id = (await create()).body.data.id;
    const r = await call('GET', `/v1/webhooks/${id}`, pro);
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body.data).sort(), [
      'ativo',
      'atualizado_em',
      'criado_em',
      'desativado_em',
      'eventos',
      'falhas_consecutivas',
      'id',
      'motivo_desativacao',
      'nome',
      'ultimo_sucesso_em',
      'url',
    ]);
    assert.equal(r.body.data.falhas_consecutivas, 0);
  });

  for (const [method, suffix] of [
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
    ['POST', '/rotacionar-segredo'],
    ['POST', '/testar'],
    ['GET', '/entregas'],
  ] as const) {
    it(`${method} …/{id}${suffix} of another account's webhook or a missing one: 404`, async () => {
      const theirs = (await create(other, { nome: 'deles', url: HOOK_URL })).body.data.id;
      for (const id of [theirs, 999999]) {
        const r = await call(
          method,
          `/v1/webhooks/${id}${suffix}`,
          pro,
          method === 'PATCH' ? { nome: 'x' } : undefined,
        );
        assert.equal(r.status, 404);
        assert.deepEqual(r.body, { erro: 'Não encontrado', mensagem: 'Webhook não encontrado' });
      }
      assert.equal((await call('GET', `/v1/webhooks/${theirs}`, other)).status, 200);
    });
  }

  it('refuses a non-numeric id: 400', async () => {
    const r = await call('GET', '/v1/webhooks/abc', pro);
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, {
      erro: 'Parâmetro inválido',
      mensagem: 'O parâmetro id deve ser um número inteiro positivo.',
    });
  });

  it('PATCH changing the URL resets the failure history; ativo true lifts a permanent deactivation', async () => {
    const id = (await create()).body.data.id;
    db.prepare(
      `UPDATE webhooks SET ativo = 0, falhas_consecutivas = 7, desativacoes_seguidas = 3, desativado_em = '2026-01-01T00:00:00.000Z', motivo_desativacao = 'x' WHERE id = ?`,
    ).run(id);
    const moved = await call('PATCH', `/v1/webhooks/${id}`, pro, { url: 'https://93.184.216.35/novo' });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.data.url, 'https://93.184.216.35/novo');
    assert.equal(moved.body.data.falhas_consecutivas, 0);
    assert.equal(moved.body.data.ativo, false, 'a URL change leaves ativo unchanged');
    const on = await call('PATCH', `/v1/webhooks/${id}`, pro, { ativo: true, eventos: ['partida.gol'] });
    assert.equal(on.status, 200);
    assert.equal(on.body.data.ativo, true);
    assert.equal(on.body.data.desativado_em, null);
    assert.equal(on.body.data.motivo_desativacao, null);
    assert.deepEqual(on.body.data.eventos, ['partida.gol']);
  });

  for (const [label, body, mensagem] of [
    ['empty', {}, 'Informe ao menos um dos campos: nome, url, eventos, ativo.'],
    ['ativo not boolean', { ativo: 'sim' }, 'O campo ativo deve ser true ou false.'],
    [
      'a private url',
      { url: 'https://192.168.0.1/' },
      'O campo url deve usar HTTPS e apontar para um host público: 192.168.0.1 não é um endereço público.',
    ],
    ['the secret', { secret: 'x' }, 'O campo secret não é aceito (campos: nome, url, eventos, ativo).'],
  ] as const) {
    it(`refuses a PATCH with ${label}: 400`, async () => {
      const id = (await create()).body.data.id;
      const r = await call('PATCH', `/v1/webhooks/${id}`, pro, body);
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { erro: 'Parâmetro inválido', mensagem });
    });
  }

  it('rotates the secret (shown once) and deletes', async () => {
    const created = (await create()).body.data;
    const r = await call('POST', `/v1/webhooks/${created.id}/rotacionar-segredo`, pro);
    assert.equal(r.status, 200);
    assert.match(r.body.data.secret, /^whsec_[0-9a-f]{64}$/);
    assert.notEqual(r.body.data.secret, created.secret);
    assert.match(r.body.mensagem, /O secret anterior deixou de valer/);
    assert.equal((await call('DELETE', `/v1/webhooks/${created.id}`, pro)).status, 204);
    assert.equal((await call('GET', `/v1/webhooks/${created.id}`, pro)).status, 404);
  });

  it('one test delivery at a time per webhook: another while it is pending is 429', async () => {
    const [first, second] = [(await create()).body.data.id, (await create()).body.data.id];
    assert.equal((await call('POST', `/v1/webhooks/${first}/testar`, pro)).status, 202);
    const again = await call('POST', `/v1/webhooks/${first}/testar`, pro);
    assert.equal(again.status, 429);
    assert.equal(again.headers.get('retry-after'), '10');
    assert.deepEqual(again.body, {
      erro: 'Limite de requisições',
      mensagem: `Já há uma entrega de teste pendente para este webhook; acompanhe em GET /v1/webhooks/${first}/entregas.`,
    });
    assert.equal((await call('POST', `/v1/webhooks/${second}/testar`, pro)).status, 202, 'another webhook is not held');
    for (const id of [first, second]) assert.equal((await call('DELETE', `/v1/webhooks/${id}`, pro)).status, 204);
  });

  it('queues a test delivery and lists it in the history, with status filter', async () => {
    const id = (await create()).body.data.id;
    const t = await call('POST', `/v1/webhooks/${id}/testar`, pro);
    assert.equal(t.status, 202);
    assert.equal(t.body.data.origem, 'teste');
    assert.equal(t.body.data.status, 'pendente');
    assert.equal(t.body.data.evento, 'webhook.teste');
    const h = await call('GET', `/v1/webhooks/${id}/entregas`, pro);
    assert.equal(h.status, 200);
    assert.deepEqual(h.body.meta, { webhook_id: id, total: 1, por_pagina: 50, pagina_atual: 1, ultima_pagina: 1 });
    assert.equal(h.body.data[0].id, t.body.data.id);
    const none = await call('GET', `/v1/webhooks/${id}/entregas?status=descartada`, pro);
    assert.deepEqual(none.body.data, []);
    const bad = await call('GET', `/v1/webhooks/${id}/entregas?status=perdida`, pro);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.erro, 'Parâmetro inválido');
  });
});
