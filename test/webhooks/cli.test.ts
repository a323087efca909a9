import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { examplePayload } from '../../src/api/openapi/event-examples.js';
import { openControlDb, secretBoxOf, type ControlDb } from '../../src/control/database.js';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import type { WebhookRecord } from '../../src/control/webhooks/records.js';
import { webhookRegistryOn, type WebhookRegistry } from '../../src/control/webhooks/registry.js';
import { sqliteControlPlane } from '../../src/control/control-plane.js';
import { EVENTOS } from '../../src/domain/events.js';
import type { ReceivedDelivery } from '../../src/webhooks/listen.js';
import { deliveryHeaders, sign } from '../../src/webhooks/signing.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { runSvcInProcess, SvcProcess } from '../kit/svc.js';
import { createAccount, publishSnapshot } from './helpers.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { waitFor } from '../kit/wait.js';

describe('svc webhooks run / listen and svc replay (real binary)', () => {
  let dataDir: TestDataDir;
  let db: ControlDb;
  let store: WebhookRegistry;
  let receiver: Receiver;
  let url: string;
  const procs: SvcProcess[] = [];

  beforeEach(async () => {
    dataDir = testDataDir();
    db = await openControlDb(dataDir.controlDb);
    store = sqliteControlPlane(db).webhooks;
    receiver = new Receiver();
    url = await receiver.start();
  });

  afterEach(async () => {
    for (const p of procs.splice(0)) {
      p.kill('SIGKILL');
      await p.exited;
    }
    await receiver.stop();
    db.close();
    dataDir.cleanup();
  });

  function daemon(...extra: string[]): SvcProcess {
    const p = new SvcProcess(['webhooks', 'run', '--data-dir', dataDir.root, '--allow-private-urls', ...extra]);
    procs.push(p);
    return p;
  }

  function webhook(secret = 'whsec_cli'): Promise<WebhookRecord> {
    return store.createWebhook(
      { contaId: createAccount(db, `c${Math.random()}`, 'pro'), nome: 'cli', url, eventos: [...EVENTOS], secret },
      null,
      Date.now(),
    );
  }

  it('run: warns loudly about --allow-private-urls, delivers, logs as text, and stops gracefully on SIGTERM', async () => {
    const w = await webhook();
    const d = daemon('--log-format', 'text');
    await d.waitForOutput(/despachando eventos/);
    assert.match(d.stderr, /--allow-private-urls ATIVO/);
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await receiver.waitFor(1);
    const r = receiver.requests[0];
    assert.deepEqual(
      verifyDelivery({
        secret: 'whsec_cli',
        body: r?.body ?? '',
        timestamp: String(r?.headers['x-svc-timestamp']),
        signature: String(r?.headers['x-svc-assinatura']),
      }),
      { ok: true },
    );
    await waitFor(async () => (await store.listDeliveries(w.id, 1))[0]?.status === 'entregue', 'recorded');
    const id = String(r?.headers['x-svc-entrega']);
    await d.waitForOutput(
      new RegExp(
        `\\+00:00 INFO {2}entrega entregue \\(tentativa 1, HTTP 200 em \\d+ ms\\) delivery=${id} type=partida\\.gol webhook=${w.id} outcome=entregue\n`,
      ),
    );
    d.kill('SIGTERM');
    assert.deepEqual(await d.exited, { code: 0, signal: null });
    assert.match(d.stdout, /INFO {2}encerrando SIGTERM recebido; terminando as entregas em andamento signal=SIGTERM\n/);
    assert.match(d.stdout, /INFO {2}parado despachante parado\n$/);
  });

  it('run: without the flag a loopback receiver is refused at connect time (permanent failure)', async () => {
    const w = await webhook();
    const d = new SvcProcess(['webhooks', 'run', '--data-dir', dataDir.root]);
    procs.push(d);
    await d.waitForOutput(/despachando eventos/);
    assert.doesNotMatch(d.stderr, /ATIVO/);
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await waitFor(async () => (await store.listDeliveries(w.id, 1))[0]?.status === 'falhou', 'refused');
    assert.equal((await store.listDeliveries(w.id, 1))[0]?.ultimoErro, 'URL bloqueada: a URL deve usar HTTPS');
    assert.equal(receiver.requests.length, 0);
    // The default log: JSON lines on stdout, the failure a warning.
    await d.waitForOutput(/"outcome":"falhou"/);
    const records = d.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.ok(records.every((r) => Object.keys(r).slice(0, 2).join() === 'level,time'));
    assert.deepEqual(
      records.filter((r) => r.event === 'entrega').map((r) => [r.level, r.webhook, r.outcome]),
      [['warn', w.id, 'falhou']],
    );
  });

  it('run: SIGKILL mid-delivery, restart: every event delivered at least once, ids and bodies unchanged', async () => {
    const w = await webhook();
    receiver.reply = () => ({ status: 200, delayMs: 300 });
    const first = daemon();
    await first.waitForOutput(/despachando eventos/);
    await publishSnapshot(
      dataDir,
      Array.from({ length: 40 }, (_, i) => ({ evento: 'partida.gol', campeonato_id: 1, dados: { n: i } })),
    );
    await receiver.waitFor(1);
    first.kill('SIGKILL');
    await first.exited;
    const ids = (await store.listDeliveries(w.id, 100)).map((d) => d.id);
    assert.equal(ids.length, 40, 'fan-out committed before the kill');
    assert.ok(
      (await store.listDeliveries(w.id, 100)).some((d) => d.status === 'pendente'),
      'the kill left work pending',
    );
    const second = daemon();
    await second.waitForOutput(/despachando eventos/);
    await waitFor(
      async () => (await store.listDeliveries(w.id, 100)).every((d) => d.status === 'entregue'),
      'all delivered after restart',
      60_000,
    );
    const byId = new Map<string, Set<string>>();
    for (const r of receiver.requests) {
      const id = String(r.headers['x-svc-entrega']);
      byId.set(id, (byId.get(id) ?? new Set()).add(r.body));
    }
    assert.deepEqual([...byId.keys()].sort(), [...ids].sort());
    for (const bodies of byId.values()) assert.equal(bodies.size, 1, 'one body per delivery id');
  });

  it('replay: same id and bytes, next attempt number, fresh signature with the current secret; recorded as replay', async () => {
    const w = await webhook('whsec_old');
    const d = daemon();
    await publishSnapshot(dataDir, [{ evento: 'partida.encerrada', campeonato_id: 1 }]);
    await waitFor(async () => (await store.listDeliveries(w.id, 1))[0]?.status === 'entregue', 'delivered');
    d.kill('SIGTERM');
    await d.exited;
    const delivery = (await store.listDeliveries(w.id, 1))[0];
    assert.ok(delivery);
    await store.rotateSecret(w.contaId, w.id, 'whsec_new', Date.now());
    const r = await runSvcInProcess([
      'replay',
      delivery.id,
      '--data-dir',
      dataDir.root,
      '--allow-private-urls',
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /--allow-private-urls ATIVO/);
    const out = JSON.parse(r.stdout) as {
      data: { entrega: string; tentativa: number; status_code: number; ok: boolean }[];
    };
    assert.deepEqual(
      out.data.map((x) => [x.entrega, x.tentativa, x.status_code, x.ok]),
      [[delivery.id, 2, 200, true]],
    );
    const [orig, again] = receiver.requests;
    assert.equal(again?.headers['x-svc-entrega'], orig?.headers['x-svc-entrega']);
    assert.equal(again?.body, orig?.body);
    assert.equal(again?.headers['x-svc-tentativa'], '2');
    assert.deepEqual(
      verifyDelivery({
        secret: 'whsec_new',
        body: again?.body ?? '',
        timestamp: String(again?.headers['x-svc-timestamp']),
        signature: String(again?.headers['x-svc-assinatura']),
      }),
      { ok: true },
    );
    const origins = db
      .prepare('SELECT origem FROM tentativas_entrega WHERE entrega_id = ? ORDER BY id')
      .all(delivery.id) as { origem: string }[];
    assert.deepEqual(
      origins.map((o) => o.origem),
      ['automatica', 'replay'],
    );
  });

  it('replay: --webhook with filters, --dry-run lists without sending; --to sends elsewhere', async () => {
    const w = await webhook();
    const failing = new Receiver();
    receiver.reply = () => ({ status: 400 });
    const d = daemon();
    await publishSnapshot(dataDir, [
      { evento: 'partida.gol', campeonato_id: 1 },
      { evento: 'partida.criada', campeonato_id: 1 },
    ]);
    await waitFor(
      async () => (await store.listDeliveries(w.id, 5)).filter((x) => x.status === 'falhou').length === 2,
      'failed',
    );
    d.kill('SIGTERM');
    await d.exited;
    const dry = await runSvcInProcess([
      'replay',
      '--webhook',
      String(w.id),
      '--status',
      'falhou',
      '--since',
      '2020-01-01',
      '--dry-run',
      '--data-dir',
      dataDir.root,
    ]);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /2 entrega\(s\) seriam reenviadas \(--dry-run: nada foi enviado\)/);
    assert.equal(receiver.requests.length, 2);
    const none = await runSvcInProcess([
      'replay',
      '--webhook',
      String(w.id),
      '--until',
      '2020-01-01',
      '--json',
      '--dry-run',
      '--data-dir',
      dataDir.root,
    ]);
    assert.deepEqual(JSON.parse(none.stdout).meta, { total: 0, dry_run: true });
    const elsewhere = await failing.start();
    const to = await runSvcInProcess([
      'replay',
      '--webhook',
      String(w.id),
      '--to',
      elsewhere,
      '--allow-private-urls',
      '--data-dir',
      dataDir.root,
    ]);
    assert.equal(to.code, 0, to.stderr);
    assert.equal(failing.requests.length, 2);
    assert.equal(
      (await store.listDeliveries(w.id, 5)).filter((x) => x.status === 'falhou').length,
      2,
      '--to does not settle the delivery',
    );
    await failing.stop();
  });

  const errors: [string, string[], number, string][] = [
    [
      'no ids and no --webhook',
      [],
      2,
      'svc: informe um ou mais ids de entrega, ou --webhook ID (com --since/--until/--status)\n',
    ],
    [
      'ids and --webhook',
      ['abc', '--webhook', '1'],
      2,
      'svc: informe ids de entrega ou --webhook com filtros, não os dois\n',
    ],
    ['an unknown delivery', ['nao-existe'], 6, 'svc: entrega não encontrada: nao-existe\n'],
    ['an unknown webhook', ['--webhook', '999'], 6, 'svc: webhook 999 não encontrado\n'],
    [
      'a bad --since',
      ['--webhook', '1', '--since', 'ontem'],
      2,
      'svc: --since: "ontem" não é uma data (use AAAA-MM-DD ou ISO 8601)\n',
    ],
    [
      'a private --to without the flag',
      ['x', '--to', 'https://10.0.0.1/'],
      2,
      'svc: --to: 10.0.0.1 não é um endereço público\n',
    ],
  ];
  for (const [label, args, code, stderr] of errors) {
    it(`replay refuses ${label}: exit ${code}`, async () => {
      const r = await runSvcInProcess(['replay', ...args, '--data-dir', dataDir.root]);
      assert.equal(r.code, code);
      assert.equal(r.stderr, stderr);
    });
  }

  it('replay: a failing receiver makes the command exit 4 with the count', async () => {
    const w = await webhook();
    const delivery = await store.enqueueDelivery(w, 'webhook.teste', '{}', 'teste', Date.now());
    receiver.reply = () => ({ status: 503 });
    const r = await runSvcInProcess(['replay', delivery.id, '--allow-private-urls', '--data-dir', dataDir.root]);
    assert.equal(r.code, 4);
    assert.match(r.stdout, /FALHOU: HTTP 503/);
    assert.match(r.stderr, /svc: 1 de 1 reenvio\(s\) falharam\n$/);
  });

  it('replay: an unambiguous id prefix is enough, an ambiguous one exits 2; a blocked replay exits 4 naming --allow-private-urls', async () => {
    const w = await webhook();
    const ids = ['aaaa1111-0000-4000-8000-000000000001', 'aaaa2222-0000-4000-8000-000000000002'];
    const fixedIds = webhookRegistryOn(sqliteSql(db), secretBoxOf(db), () => ids.shift() as string);
    const one = await fixedIds.enqueueDelivery(w, 'webhook.teste', '{"n":1}', 'teste', Date.now());
    const two = await fixedIds.enqueueDelivery(w, 'webhook.teste', '{"n":2}', 'teste', Date.now());
    const replay = (...args: string[]) => runSvcInProcess(['replay', ...args, '--data-dir', dataDir.root]);
    const r = await replay('aaaa1', '--allow-private-urls');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 de 1 entrega\(s\) reenviadas/);
    assert.equal(receiver.requests[0]?.headers['x-svc-entrega'], one?.id);
    const ambiguous = await replay('aaaa');
    assert.equal(ambiguous.code, 2);
    assert.equal(
      ambiguous.stderr,
      `svc: prefixo ambíguo: aaaa corresponde às entregas ${one?.id}, ${two?.id}; use mais caracteres\n`,
    );
    const blocked = await replay('aaaa2');
    assert.equal(blocked.code, 4);
    assert.match(blocked.stdout, /0 de 1 entrega\(s\) reenviadas/);
    assert.match(
      blocked.stderr,
      /^svc: 1 de 1 reenvio\(s\) falharam; 1 não saíram, recusadas pela regra de URLs \(URL bloqueada: .*\): para um receptor local use --allow-private-urls \(só em desenvolvimento\)\n$/,
    );
    assert.equal(receiver.requests.length, 1, 'nothing left for the blocked one');
  });

  it('listen: verifies signatures, flags duplicates, answers with --status, prints a readable summary', async () => {
    const l = new SvcProcess([
      'webhooks',
      'listen',
      '--port',
      '0',
      '--secret',
      'whsec_l',
      '--status',
      '202',
      '--json',
      '--data-dir',
      dataDir.root,
    ]);
    procs.push(l);
    const port = (await l.waitForOutput(/recebendo em http:\/\/127\.0\.0\.1:(\d+)\//))[1];
    const body = JSON.stringify({
      evento: 'partida.gol',
      gerado_em: '2026-11-22T15:00:00-03:00',
      dados: {
        id: 7,
        status: 'ao_vivo',
        placar_mandante: 1,
        placar_visitante: 0,
        time_mandante: { nome: 'Flamengo' },
        time_visitante: { nome: 'Palmeiras' },
        gol: { tipo: 'gol', jogador: 'Pedro', time_nome: 'Flamengo', minuto: 12 },
      },
    });
    const post = (secret: string, ts = String(Math.floor(Date.now() / 1000))) =>
      fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: {
          'x-svc-evento': 'partida.gol',
          'x-svc-entrega': 'e-1',
          'x-svc-tentativa': '1',
          'x-svc-timestamp': ts,
          'x-svc-assinatura': sign(secret, ts, body),
        },
        body,
      });
    assert.equal((await post('whsec_l')).status, 202);
    assert.equal((await post('whsec_l')).status, 202);
    assert.equal((await post('whsec_wrong')).status, 401);
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    assert.equal((await post('whsec_l', stale)).status, 401);
    await waitFor(() => l.stdout.trim().split('\n').length === 4, 'four lines');
    const lines = l.stdout
      .trim()
      .split('\n')
      .map((x) => JSON.parse(x) as Record<string, unknown>);
    assert.deepEqual(
      lines.map((x) => [x.assinatura, x.duplicada, x.respondido]),
      [
        ['valida', false, 202],
        ['valida', true, 202],
        ['invalida', true, 401],
        ['invalida', true, 401],
      ],
    );
    assert.equal(lines[0]?.resumo, "partida 7 (ao_vivo): Flamengo 1 x 0 Palmeiras — gol de Pedro aos 12'");
    assert.equal(lines[2]?.motivo, 'assinatura não confere');
    assert.match(String(lines[3]?.motivo), /^timestamp fora da tolerância de 300 s/);
  });

  it('listen: during a rotation overlap accepts the current or the previous secret, says which, and forwards to the app', async () => {
    const app = new Receiver();
    const appUrl = await app.start();
    app.reply = (_req, i) => ({ status: i === 2 ? 500 : 201 });
    const l = new SvcProcess([
      'webhooks',
      'listen',
      '--port',
      '0',
      '--secret',
      'whsec_new',
      '--previous-secret',
      'whsec_old',
      '--forward-to',
      appUrl,
      '--json',
      '--data-dir',
      dataDir.root,
    ]);
    procs.push(l);
    const port = (await l.waitForOutput(/recebendo em http:\/\/127\.0\.0\.1:(\d+)\//))[1];
    const body = '{"evento":"partida.gol", "dados": {"id": 1}}';
    const post = (secret: string, previousSecret: string | null) =>
      fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: deliveryHeaders({
          evento: 'partida.gol',
          entregaId: `e-${secret}-${previousSecret}`,
          tentativa: 1,
          secret,
          previousSecret,
          body,
          nowMs: Date.now(),
        }),
        body,
      });
    assert.equal((await post('whsec_new', 'whsec_old')).status, 201);
    assert.equal((await post('whsec_old', null)).status, 201);
    // Rotated again elsewhere: only the signature with the previous secret still verifies; the app answers 500.
    assert.equal((await post('whsec_newer', 'whsec_old')).status, 500);
    assert.equal((await post('whsec_other', null)).status, 401);
    await waitFor(() => l.stdout.trim().split('\n').length === 4, 'four lines');
    const lines = l.stdout
      .trim()
      .split('\n')
      .map((x) => JSON.parse(x) as ReceivedDelivery);
    assert.deepEqual(
      lines.map((x) => [x.assinatura, x.segredo, x.cabecalho, x.respondido, x.encaminhada?.status_code ?? null]),
      [
        ['valida', 'atual', 'X-SVC-Assinatura', 201, 201],
        ['valida', 'anterior', 'X-SVC-Assinatura', 201, 201],
        ['valida', 'anterior', 'X-SVC-Assinatura-Anterior', 500, 500],
        ['invalida', null, null, 401, null],
      ],
    );
    assert.equal(app.requests.length, 3, 'a refused delivery is not forwarded');
    const forwarded = app.requests[0]!;
    assert.equal(forwarded.body, body);
    for (const h of [
      'x-svc-evento',
      'x-svc-entrega',
      'x-svc-timestamp',
      'x-svc-assinatura',
      'x-svc-assinatura-anterior',
    ])
      assert.ok(forwarded.headers[h], h);
    await app.stop();
  });

  it('listen: the daemon rotating with an overlap keeps verifying at a listener that has only the old secret', async () => {
    const app = new Receiver();
    const appUrl = await app.start();
    const l = new SvcProcess(['webhooks', 'listen', '--port', '0', '--secret', 'whsec_old', '--forward-to', appUrl]);
    procs.push(l);
    const port = (await l.waitForOutput(/recebendo em http:\/\/127\.0\.0\.1:(\d+)\//))[1];
    const w = await store.createWebhook(
      {
        contaId: createAccount(db, 'rot', 'pro'),
        nome: 'rot',
        url: `http://127.0.0.1:${port}/`,
        eventos: [...EVENTOS],
        secret: 'whsec_old',
      },
      null,
      Date.now(),
    );
    await store.rotateSecret(w.contaId, w.id, 'whsec_new', Date.now(), 3_600_000);
    daemon();
    await publishSnapshot(dataDir, [{ evento: 'partida.gol', campeonato_id: 1 }]);
    await waitFor(async () => (await store.listDeliveries(w.id, 1))[0]?.status === 'entregue', 'delivered');
    assert.match(l.stdout, /partida\.gol .* assinatura válida \(segredo atual, X-SVC-Assinatura-Anterior\) {2}→ 200/);
    assert.match(l.stdout, new RegExp(`encaminhada para ${appUrl}: 200 em \\d+ ms`));
    assert.equal(app.requests.length, 1);
    await app.stop();
  });

  it('listen: an app that cannot be reached is answered 502 (retried by the sender)', async () => {
    const gone = new Receiver();
    const goneUrl = await gone.start();
    await gone.stop();
    const l = new SvcProcess(['webhooks', 'listen', '--port', '0', '--forward-to', goneUrl, '--json']);
    procs.push(l);
    const port = (await l.waitForOutput(/recebendo em http:\/\/127\.0\.0\.1:(\d+)\//))[1];
    assert.equal((await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' })).status, 502);
    await waitFor(() => l.stdout.includes('\n'), 'one line');
    const line = JSON.parse(l.stdout) as ReceivedDelivery;
    assert.deepEqual([line.assinatura, line.encaminhada?.erro], ['nao_verificada', 'ECONNREFUSED']);
  });

  it('trigger: listen --forward-to, then trigger partida.gol: it arrives verified at the app, recorded with origin disparo', async () => {
    const app = new Receiver();
    app.reply = () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"recebido":true}' });
    const appUrl = await app.start();
    const l = new SvcProcess(['webhooks', 'listen', '--port', '0', '--secret', 'whsec_dev', '--forward-to', appUrl]);
    procs.push(l);
    const port = (await l.waitForOutput(/recebendo em http:\/\/127\.0\.0\.1:(\d+)\//))[1];
    const conta = createAccount(db, 'dev', 'pro');
    const listening = `http://127.0.0.1:${port}/`;
    const w = await store.createWebhook(
      { contaId: conta, nome: 'dev', url: listening, eventos: ['partida.gol'], secret: 'whsec_dev' },
      null,
      Date.now(),
    );
    // Not subscribed to partida.gol: only --webhook reaches it.
    const other = await store.createWebhook(
      { contaId: conta, nome: 'outro', url, eventos: ['rodada.encerrada'], secret: 'whsec_cli' },
      null,
      Date.now(),
    );
    const r = await runSvcInProcess([
      'webhooks',
      'trigger',
      'partida.gol',
      '--allow-private-urls',
      '--json',
      '--data-dir',
      dataDir.root,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      data: { entrega: string; webhook_id: number; tentativa: number; ok: boolean }[];
    };
    assert.deepEqual(
      out.data.map((x) => [x.webhook_id, x.tentativa, x.ok]),
      [[w.id, 1, true]],
    );
    await waitFor(() => l.stdout.includes('encaminhada'), 'the listener forwarded it');
    assert.match(l.stdout, /partida\.gol .* assinatura válida \(segredo atual, X-SVC-Assinatura\)/);
    assert.equal(app.requests.length, 1);
    const body = JSON.parse(app.requests[0]!.body) as { evento: string; dados: unknown };
    assert.deepEqual([body.evento, body.dados], ['partida.gol', examplePayload('partida.gol').dados]);
    assert.equal(app.requests[0]!.headers['x-svc-entrega'], out.data[0]!.entrega);
    const [d] = await store.findDeliveries([out.data[0]!.entrega]);
    assert.deepEqual([d?.origem, d?.status, d?.tentativas, d?.evento], ['disparo', 'entregue', 1, 'partida.gol']);
    assert.equal(receiver.requests.length, 0);

    // The rest of the loop: rotate with an overlap; the listener, still holding the old secret, keeps verifying a
    // replay by prefix (signed with both, like the daemon's sends); the timeline has both attempts and their answers.
    const entrega = out.data[0]!.entrega;
    await store.rotateSecret(conta, w.id, 'whsec_new', Date.now(), 3_600_000);
    const replayed = await runSvcInProcess([
      'replay',
      entrega.slice(0, 8),
      '--allow-private-urls',
      '--data-dir',
      dataDir.root,
    ]);
    assert.equal(replayed.code, 0, replayed.stderr);
    await waitFor(() => app.requests.length === 2, 'the replay forwarded');
    assert.match(l.stdout, /partida\.gol .* assinatura válida \(segredo atual, X-SVC-Assinatura-Anterior\)/);
    const timeline = await store.listAttempts(entrega);
    assert.deepEqual(
      timeline.map((a) => [a.numero, a.origem, a.statusCode, a.resposta]),
      [
        // The app's own answer, relayed by the listener.
        [1, 'disparo', 200, '{"recebido":true}'],
        [2, 'replay', 200, '{"recebido":true}'],
      ],
    );
    assert.equal(
      timeline[1]?.cabecalhos?.['x-svc-assinatura-anterior'],
      app.requests[1]?.headers['x-svc-assinatura-anterior'],
    );

    // Every event, to one webhook whatever it subscribes to.
    for (const evento of EVENTOS) {
      const one = await runSvcInProcess([
        'webhooks',
        'trigger',
        evento,
        '--webhook',
        String(other.id),
        '--allow-private-urls',
        '--data-dir',
        dataDir.root,
      ]);
      assert.equal(one.code, 0, one.stderr);
      assert.match(one.stdout, new RegExp(`1 de 1 entrega\\(s\\) de ${evento.replace('.', '\\.')} disparadas`));
    }
    assert.deepEqual(
      receiver.requests.map((x) => x.headers['x-svc-evento']),
      [...EVENTOS],
    );
    await app.stop();
  });

  it('trigger: a failing receiver is recorded falhou and exits 4; nothing subscribed exits 6', async () => {
    const w = await webhook();
    receiver.reply = () => ({ status: 500 });
    const r = await runSvcInProcess([
      'webhooks',
      'trigger',
      'fase.finalizada',
      '--allow-private-urls',
      '--data-dir',
      dataDir.root,
    ]);
    assert.equal(r.code, 4);
    assert.match(r.stdout, /FALHOU: HTTP 500/);
    assert.match(r.stderr, /svc: 1 de 1 disparo\(s\) falharam\n$/);
    const [d] = await store.listDeliveries(w.id, 1);
    assert.deepEqual([d?.origem, d?.status, d?.ultimoStatusCode], ['disparo', 'falhou', 500]);
    await store.updateWebhook(w.contaId, w.id, { ativo: false }, null, Date.now());
    const none = await runSvcInProcess(['webhooks', 'trigger', 'partida.gol', '--data-dir', dataDir.root]);
    assert.equal(none.code, 6);
    assert.equal(none.stderr, 'svc: nenhum webhook ativo assina partida.gol; crie um ou escolha um com --webhook ID\n');
  });

  for (const [args, message] of [
    [
      ['webhooks', 'listen', '--status', '700'],
      'valor inválido para --status <code>: "700" (deve ser um inteiro entre 100 e 599)',
    ],
    [
      ['webhooks', 'listen', '--delay', '-1'],
      'valor inválido para --delay <ms>: "-1" (deve ser um inteiro entre 0 e 600000)',
    ],
    [
      ['webhooks', 'run', '--concurrency', '0'],
      'valor inválido para --concurrency <n>: "0" (deve ser um inteiro entre 1 e 256)',
    ],
    [
      ['webhooks', 'trigger', 'gol'],
      'valor inválido para <evento>: "gol" (use partida.criada, partida.ao_vivo, partida.placar_atualizado, partida.gol, partida.encerrada, partida.escalacao_publicada, rodada.encerrada, fase.finalizada)',
    ],
    [
      ['replay', '--status', 'perdida'],
      'valor inválido para --status <status>: "perdida" (use pendente, entregue, falhou, descartada)',
    ],
  ] as const) {
    it(`${args.join(' ')}: usage error, exit 2`, async () => {
      const r = await runSvcInProcess([...args, '--data-dir', dataDir.root]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr, `svc: ${message}; veja --help\n`);
    });
  }

  it('listen: a port in use is a one-line error with exit 7', async () => {
    const port = new URL(url).port;
    const r = await runSvcInProcess(['webhooks', 'listen', '--port', port, '--data-dir', dataDir.root]);
    assert.equal(r.code, 7);
    assert.equal(r.stderr, `svc: a porta ${port} já está em uso; escolha outra com --port\n`);
  });
});
