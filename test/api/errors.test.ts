import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MAX_BODY_BYTES } from '../../src/api/middleware/json-body.js';
import { ROUTES } from '../../src/api/table/routes.js';
import { DEFAULT_PLANS } from '../../src/control/plans.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { openControlDb } from '../../src/control/database.js';
import { resolveDataDir } from '../../src/data-dir.js';
import { ManualClock } from '../kit/clock.js';
import { tempDir } from '../kit/dirs.js';
import { startHarness, type Harness } from '../kit/server.js';
import { waitFor } from '../kit/wait.js';

const UNAUTHORIZED = { erro: 'Não autorizado', mensagem: 'API Key inválida ou inativa' };
const invalid = (mensagem: string) => ({ erro: 'Parâmetro inválido', mensagem });

describe('API errors: status and exact body', () => {
  let h: Harness;
  let key: string;

  before(async () => {
    h = await startHarness();
    key = await h.key('pro');
  });
  after(() => h.cleanup());

  it('401 for a missing, malformed, unknown, revoked or rotated-away key', async () => {
    assert.deepEqual((await h.get('/v1/campeonatos')).json, UNAUTHORIZED);
    const noKey = await h.get('/v1/campeonatos');
    assert.equal(noKey.status, 401);
    assert.equal(noKey.headers.get('www-authenticate'), 'Bearer');
    for (const authorization of [
      'Basic abc',
      'Bearer',
      `Bearer ${key}x`,
      'Bearer svc_live_00000000000000000000000000000000',
    ]) {
      const r = await h.get('/v1/campeonatos', undefined, { authorization });
      assert.equal(r.status, 401, authorization);
      assert.deepEqual(r.json, UNAUTHORIZED);
    }
    const account = await h.accounts.createAccount('revogada', 'pro');
    const revoked = await h.accounts.createKey(account.id, null);
    assert.equal((await h.get('/v1/me', revoked.key)).status, 200);
    await h.accounts.revokeKey(revoked.record.id);
    const r = await h.get('/v1/me', revoked.key);
    assert.equal(r.status, 401);
    assert.deepEqual(r.json, UNAUTHORIZED);

    const rotating = await h.accounts.createKey(account.id, null);
    const rotated = await h.accounts.rotateKey(rotating.record.id);
    assert.equal((await h.get('/v1/me', rotating.key)).status, 401);
    assert.equal((await h.get('/v1/me', rotated.key)).status, 200);
  });

  it('public endpoints need no key', async () => {
    for (const p of ['/v1/status', '/healthz', '/readyz', '/v1/openapi.json', '/docs'])
      assert.equal((await h.get(p)).status, 200, p);
  });

  it('403 "Plano insuficiente" naming the plan for resources and championships outside the free plan', async () => {
    const free = await h.key('free', { campeonatos: [1], requisicoes_por_segundo: 1000 });
    for (const p of [
      '/v1/partidas/ao-vivo',
      '/v1/partidas/328/eventos',
      '/v1/partidas/328/estatisticas',
      '/v1/partidas/328/escalacao',
    ]) {
      const r = await h.get(p, free);
      assert.equal(r.status, 403, p);
      assert.deepEqual(r.json, {
        erro: 'Plano insuficiente',
        mensagem: 'O plano free não inclui este recurso. Faça upgrade para o plano pro ou enterprise.',
      });
    }
    for (const p of ['/v1/campeonatos/2', '/v1/campeonatos/2/chave', '/v1/campeonatos/2/partidas']) {
      const r = await h.get(p, free);
      assert.equal(r.status, 403, p);
      assert.deepEqual(r.json, {
        erro: 'Plano insuficiente',
        mensagem:
          'O plano free dá acesso apenas aos campeonatos liberados para a sua conta. Faça upgrade para o plano pro ou enterprise.',
      });
    }
    assert.equal((await h.get('/v1/campeonatos/1/tabela', free)).status, 200);
    assert.equal((await h.get('/v1/times?q=fla', free)).status, 200);
    assert.deepEqual((await h.get('/v1/campeonatos', free)).json.meta, { total: 1 });
    assert.deepEqual((await h.get('/v1/cobertura', free)).json.meta, { total: 1 });
    assert.equal(
      (await h.get('/v1/campeonatos/999', free)).status,
      404,
      'a missing championship is 404 for every plan',
    );
  });

  it('400 "Parâmetro obrigatório" for a search without q or with fewer than 2 characters', async () => {
    for (const p of ['/v1/times', '/v1/times?q=a', '/v1/times?q=', '/v1/jogadores?q=%20b%20', '/v1/jogadores?time=1']) {
      const r = await h.get(p, key);
      assert.equal(r.status, 400, p);
      assert.deepEqual(r.json, {
        erro: 'Parâmetro obrigatório',
        mensagem: 'Informe ao menos 2 caracteres no parâmetro de busca ?q=.',
      });
    }
  });

  it('400 "Parâmetro inválido" naming the parameter and what it accepts', async () => {
    const cases: [string, string][] = [
      [
        '/v1/campeonatos?status=ativo',
        'O parâmetro status deve ser um destes valores: andamento, encerrado, agendado.',
      ],
      ['/v1/campeonatos?tipo=copa', 'O parâmetro tipo deve ser um destes valores: pontos-corridos, mata-mata.'],
      ['/v1/campeonatos?temporada=26', 'O parâmetro temporada deve ser um ano com 4 dígitos (ex.: 2024).'],
      ['/v1/campeonatos/1/partidas?pagina=0', 'O parâmetro pagina deve ser um número inteiro entre 1 e 1000000.'],
      ['/v1/campeonatos/1/partidas?por_pagina=101', 'O parâmetro por_pagina deve ser um número inteiro entre 1 e 100.'],
      ['/v1/campeonatos/1/partidas?por_pagina=-1', 'O parâmetro por_pagina deve ser um número inteiro entre 1 e 100.'],
      ['/v1/campeonatos/1/partidas?rodada=x', 'O parâmetro rodada deve ser um número inteiro entre 1 e 1000.'],
      [
        '/v1/campeonatos/1/partidas?status=live',
        'O parâmetro status deve ser um destes valores: aguardando, ao_vivo, encerrado, adiado.',
      ],
      [
        '/v1/campeonatos/1/partidas?data_inicio=2026-02-30',
        'O parâmetro data_inicio deve ser uma data no formato AAAA-MM-DD.',
      ],
      [
        '/v1/campeonatos/1/partidas?data_fim=05/12/2026',
        'O parâmetro data_fim deve ser uma data no formato AAAA-MM-DD.',
      ],
      ['/v1/campeonatos/1/partidas?pagina=1&pagina=2', 'O parâmetro pagina deve ser informado uma única vez.'],
      ['/v1/campeonatos/abc', 'O parâmetro id deve ser um número inteiro positivo.'],
      ['/v1/campeonatos/0/tabela', 'O parâmetro campeonatoId deve ser um número inteiro positivo.'],
      ['/v1/campeonatos/1/rodadas/-3', 'O parâmetro numero deve ser um número inteiro positivo.'],
      ['/v1/times?q=fla&tipo=time', 'O parâmetro tipo deve ser um destes valores: clube, selecao.'],
      [
        '/v1/jogadores?q=an&posicao=ponta',
        'O parâmetro posicao deve ser um destes valores: goleiro, zagueiro, lateral, volante, meia, atacante.',
      ],
      [
        '/v1/jogadores?q=an&time=1.5',
        `O parâmetro time deve ser um número inteiro entre 1 e ${Number.MAX_SAFE_INTEGER}.`,
      ],
      [`/v1/times?q=${'x'.repeat(101)}`, 'O parâmetro q deve ter no máximo 100 caracteres.'],
    ];
    for (const [p, mensagem] of cases) {
      const r = await h.get(p, key);
      assert.equal(r.status, 400, p);
      assert.deepEqual(r.json, invalid(mensagem), p);
    }
  });

  it('every endpoint with a plan resource answers 401 without a key, and 403 to a plan without it', async () => {
    const free = await h.key('free');
    for (const e of ROUTES) {
      const method = e.method.toUpperCase();
      const p = e.path.replace(/\{\w+\}/g, '1');
      const anonymous = await h.request(method, p, {
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      assert.equal(anonymous.status, e.recurso ? 401 : 200, `${method} ${p}`);
      if (e.recurso && !DEFAULT_PLANS.free.recursos.includes(e.recurso)) {
        const r = await h.request(method, p, {
          key: free,
          headers: { 'content-type': 'application/json' },
          body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        });
        assert.equal(r.status, 403, `${method} ${p} (free)`);
      }
    }
  });

  it('404 for an unknown route and 405 with Allow for a wrong method, without needing a key', async () => {
    for (const p of ['/v1/nada', '/v2/campeonatos', '/', '/v1/campeonatos/1/nada']) {
      const r = await h.get(p);
      assert.equal(r.status, 404, p);
      assert.deepEqual(r.json, { erro: 'Não encontrado', mensagem: 'Rota não encontrada.' });
    }
    for (const [method, p] of [
      ['DELETE', '/v1/campeonatos'],
      ['PUT', '/v1/partidas/1/eventos'],
      ['POST', '/v1/status'],
    ]) {
      const r = await h.request(method!, p!);
      assert.equal(r.status, 405, `${method} ${p}`);
      assert.equal(r.headers.get('allow'), 'GET, HEAD');
      assert.deepEqual(r.json, { erro: 'Método não permitido', mensagem: 'Métodos aceitos nesta rota: GET, HEAD.' });
    }
  });

  it('bodies: 415 for a non-JSON type, 400 "JSON inválido", 413 beyond the limit', async () => {
    const post = (body: string, type: string) =>
      h.request('POST', '/v1/webhooks', { key, headers: { 'content-type': type }, body });
    const r415 = await post('nome=x', 'application/x-www-form-urlencoded');
    assert.equal(r415.status, 415);
    assert.deepEqual(r415.json, {
      erro: 'Tipo de conteúdo não suportado',
      mensagem: 'Envie o corpo como JSON, com Content-Type: application/json.',
    });
    const r400 = await post('{"nome": ', 'application/json');
    assert.equal(r400.status, 400);
    assert.equal(r400.json.erro, 'JSON inválido');
    assert.match(r400.json.mensagem, /^O corpo da requisição não é um JSON válido: /);
    const r413 = await post(JSON.stringify({ nome: 'x'.repeat(MAX_BODY_BYTES) }), 'application/json');
    assert.equal(r413.status, 413);
    assert.deepEqual(r413.json, {
      erro: 'Corpo muito grande',
      mensagem: `O corpo da requisição excede ${MAX_BODY_BYTES} bytes.`,
    });
    // Without a key the body is never read: 401, whatever it holds.
    const anonymous = await h.request('POST', '/v1/webhooks', {
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    assert.equal(anonymous.status, 401);
  });

  it('429 when the daily quota is used up, with RateLimit-* on every authenticated response and Retry-After', async () => {
    const limited = await h.key('pro', { cota_requisicoes: 3 });
    for (const remaining of [2, 1, 0]) {
      const r = await h.get('/v1/campeonatos', limited);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('ratelimit-limit'), '3');
      assert.equal(r.headers.get('ratelimit-remaining'), String(remaining));
      const reset = Number(r.headers.get('ratelimit-reset'));
      assert.ok(reset >= 1 && reset <= 86_400);
    }
    const r = await h.get('/v1/campeonatos', limited);
    assert.equal(r.status, 429);
    assert.equal(r.json.erro, 'Limite de requisições');
    const midnight = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1),
    ).toISOString();
    assert.equal(
      r.json.mensagem,
      `Cota de 3 requisições por dia esgotada; ela é renovada em ${midnight} (meia-noite UTC).`,
    );
    assert.equal(r.headers.get('ratelimit-remaining'), '0');
    assert.equal(r.headers.get('retry-after'), r.headers.get('ratelimit-reset'));
  });

  it('/v1/me and /v1/perfil/estatisticas answer at quota and never consume it', async () => {
    const limited = await h.key('pro', { cota_requisicoes: 2 });
    for (let i = 0; i < 5; i++) {
      const me = await h.get('/v1/me', limited);
      assert.equal(me.status, 200);
      assert.deepEqual(
        me.json.data.consumo,
        { requisicoes_utilizadas: 0, requisicoes_restantes: 2 },
        'asking does not count',
      );
      assert.equal((await h.get('/v1/perfil/estatisticas', limited)).status, 200);
    }
    assert.equal((await h.get('/v1/campeonatos', limited)).status, 200);
    assert.equal((await h.get('/v1/campeonatos', limited)).status, 200);
    assert.equal((await h.get('/v1/campeonatos', limited)).status, 429);
    const me = await h.get('/v1/me', limited);
    assert.equal(me.status, 200, 'the one moment the customer needs it');
    assert.deepEqual(me.json.data.consumo, { requisicoes_utilizadas: 2, requisicoes_restantes: 0 });
    assert.equal(me.headers.get('ratelimit-remaining'), '0');
    const stats = await h.get('/v1/perfil/estatisticas', limited);
    assert.equal(stats.status, 200);
    const recent = stats.json.data.ultimas_requisicoes as { endpoint: string; status_code: number }[];
    assert.deepEqual(
      recent.slice(0, 2).map((r) => [r.endpoint, r.status_code]),
      [
        ['/v1/me', 200],
        ['/v1/campeonatos', 429],
      ],
      'the refusal is in the usage history',
    );
  });

  it('429 from the per-second token bucket', async () => {
    const slow = await h.key('pro', { requisicoes_por_segundo: 1 });
    const replies = await Promise.all(Array.from({ length: 5 }, () => h.get('/v1/campeonatos', slow)));
    const refused = replies.filter((r) => r.status === 429);
    assert.ok(refused.length >= 1, 'a burst of 5 on a 1/s bucket is refused at least once');
    assert.deepEqual(refused[0]!.json, {
      erro: 'Limite de requisições',
      mensagem: 'Limite de 1 requisições por segundo excedido; tente novamente em 1 s.',
    });
    assert.equal(refused[0]!.headers.get('retry-after'), '1');
    const admitted = replies.filter((r) => r.status === 200).length;
    assert.equal(
      refused[0]!.headers.get('ratelimit-limit'),
      '20000',
      'the daily quota is reported on per-second 429s too',
    );
    assert.equal(refused[0]!.headers.get('ratelimit-remaining'), String(20000 - admitted));
    assert.match(refused[0]!.headers.get('ratelimit-reset') ?? '', /^\d+$/);
  });

  it('a client that aborts its upload is logged as a client abort (499), not as a 500 or an error', async () => {
    const key = await h.key('pro');
    const logged = h.logs.length;
    const { port } = new URL(h.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /v1/webhooks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"nome":`,
    );
    // Aborted once the server has the request (its handler is then reading the body), not after a guessed pause.
    await once(h.server, 'request');
    socket.destroy();
    const mine = () => h.logs.slice(logged);
    const logLine = () => mine().find((l) => l.method === 'POST' && l.path === '/v1/webhooks');
    await waitFor(() => logLine() !== undefined, 'the aborted request logged');
    assert.equal(logLine()?.status, 499);
    assert.equal(
      mine().some((l) => l.level === 'error'),
      false,
      'no error-level line, no stack trace',
    );
    const stats = await h.get('/v1/perfil/estatisticas', key);
    const recorded = (stats.json.data.ultimas_requisicoes as { endpoint: string; status_code: number }[]).filter(
      (r) => r.endpoint === '/v1/webhooks',
    );
    assert.deepEqual(
      recorded.map((r) => r.status_code),
      [499],
      'recorded as a client abort, not a server error',
    );
  });

  it('requests answered are never stack traces; access log lines carry the key prefix, never the key', async () => {
    await h.get('/v1/campeonatos/1', key);
    const line = h.logs.findLast((l) => l.path === '/v1/campeonatos/1');
    assert.ok(line);
    assert.equal(line.key, key.slice(0, 13));
    assert.equal(JSON.stringify(h.logs).includes(key), false);
    assert.deepEqual(Object.keys(line), ['level', 'time', 'req', 'method', 'path', 'status', 'ms', 'key']);
  });
});

describe('API errors that need their own app', () => {
  it('503 on data endpoints and /readyz until a snapshot is loaded', async () => {
    const h = await startHarness({ ingestDemo: false });
    try {
      const key = await h.key('pro');
      const r = await h.get('/v1/campeonatos', key);
      assert.equal(r.status, 503);
      assert.deepEqual(r.json, {
        erro: 'Serviço indisponível',
        mensagem: 'Nenhum snapshot de dados foi publicado ainda; tente novamente em instantes.',
      });
      const ready = await h.get('/readyz');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.json, { erro: 'Serviço indisponível', mensagem: 'Nenhum snapshot carregado ainda.' });
      assert.equal((await h.get('/healthz')).status, 200);
      assert.equal((await h.get('/v1/status')).json.data.snapshot, null);
    } finally {
      await h.cleanup();
    }
  });

  it('500 "Erro interno" with the request id and no internals when the control plane fails', async () => {
    const h = await startHarness({ ingestDemo: false });
    try {
      const key = await h.key('pro');
      h.control.close();
      const r = await h.get('/v1/me', key);
      assert.equal(r.status, 500);
      const id = r.headers.get('x-request-id');
      assert.ok(id);
      assert.deepEqual(r.json, {
        erro: 'Erro interno',
        mensagem: `Ocorreu um erro inesperado. Informe o identificador ${id} ao suporte.`,
      });
      assert.ok(
        h.logs.some((l) => l.level === 'error' && l.req === id),
        'the cause is logged server-side',
      );
    } finally {
      // The control plane is already closed: stopping may throw on the second close; the test is done.
      await h.cleanup().catch(() => {});
    }
  });
});

describe('key cache', () => {
  it('the requests that find a key expired share one control-plane lookup', async () => {
    const { dir, cleanup } = tempDir('svc-api-auth-');
    const clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    const db = await openControlDb(resolveDataDir(dir).controlDb);
    const plane = sqliteControlPlane(db);
    // The data dir's own store, its lookups counted and held until every request has reached the server.
    let lookups = 0;
    let arrived = 0;
    let release: () => void = () => {};
    let held = Promise.resolve();
    const accounts = Object.create(plane.accounts) as typeof plane.accounts;
    accounts.authenticate = async (key) => {
      lookups++;
      await held;
      return plane.accounts.authenticate(key);
    };
    const h = await startHarness({ dir, authCacheMs: 1_000, clock, control: { ...plane, accounts } });
    h.server.on('request', () => arrived++);
    try {
      const k = (await h.accounts.createKey((await h.accounts.createAccount('rebanho', 'pro')).id, null)).key;
      assert.equal((await h.get('/v1/me', k)).status, 200);
      assert.equal(lookups, 1);
      const burst = async () => {
        held = new Promise((r) => {
          release = r;
        });
        const before = arrived;
        const replies = Promise.all(Array.from({ length: 20 }, () => h.get('/v1/me', k)));
        await waitFor(() => arrived - before === 20, 'the 20 requests at the server');
        release();
        return (await replies).map((r) => r.status);
      };
      assert.deepEqual(await burst(), Array(20).fill(200));
      assert.equal(lookups, 1, 'cached: no lookup');
      clock.advance(1_001);
      assert.deepEqual(await burst(), Array(20).fill(200));
      assert.equal(lookups, 2, 'expired: one lookup for the 20 requests');
    } finally {
      await h.stop();
      db.close();
      cleanup();
    }
  });

  it('a shared lookup that fails answers 503 to the requests that shared it and is not kept: the next one looks again', async () => {
    const { dir, cleanup } = tempDir('svc-api-auth-fail-');
    const db = await openControlDb(resolveDataDir(dir).controlDb);
    const plane = sqliteControlPlane(db);
    let lookups = 0;
    let arrived = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const accounts = Object.create(plane.accounts) as typeof plane.accounts;
    // The first lookup waits for every request of the burst, then finds the control plane out of reach.
    accounts.authenticate = async (key) => {
      if (++lookups === 1) {
        await held;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      return plane.accounts.authenticate(key);
    };
    const h = await startHarness({ dir, authCacheMs: 1_000, control: { ...plane, accounts } });
    h.server.on('request', () => arrived++);
    try {
      const k = (await h.accounts.createKey((await h.accounts.createAccount('rebanho', 'pro')).id, null)).key;
      const replies = Promise.all(Array.from({ length: 5 }, () => h.get('/v1/me', k)));
      await waitFor(() => arrived === 5, 'the 5 requests at the server');
      release();
      assert.deepEqual(
        (await replies).map((r) => r.status),
        Array(5).fill(503),
      );
      assert.equal(lookups, 1, 'one lookup for the 5');
      assert.equal((await h.get('/v1/me', k)).status, 200);
      assert.equal(lookups, 2, 'the failed lookup was not kept');
    } finally {
      await h.stop();
      db.close();
      cleanup();
    }
  });

  it('a verified key is remembered for the cache interval: revocation applies when it expires', async () => {
    const h = await startHarness({ ingestDemo: false, authCacheMs: 60_000 });
    try {
      const account = await h.accounts.createAccount('cache', 'pro');
      const k = await h.accounts.createKey(account.id, null);
      assert.equal((await h.get('/v1/me', k.key)).status, 200);
      await h.accounts.revokeKey(k.record.id);
      assert.equal((await h.get('/v1/me', k.key)).status, 200, 'still cached');
      const fresh = await startHarness({ dir: h.dir, authCacheMs: 60_000 });
      try {
        assert.deepEqual(
          (await fresh.get('/v1/me', k.key)).json,
          UNAUTHORIZED,
          'a new process (or an expired entry) sees the revocation',
        );
      } finally {
        await fresh.stop();
      }
    } finally {
      await h.cleanup();
    }
  });
});
