import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_PLANS } from '../../src/control/plans.js';
import { readOutbox, type RecordedEvent } from '../../src/warehouse/outbox-reader.js';
import { MAX_TICKETS_PER_ACCOUNT } from '../../src/api/stream/tickets.js';
import { REPO_ROOT, DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { SVC_BIN } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { SseClient } from '../kit/sse.js';
import { waitFor } from '../kit/wait.js';
import { ingestInto } from '../kit/ingest.js';
import { startHarness, type Harness } from '../kit/server.js';
import { assertOpenApi } from '../kit/openapi.js';
import { createKey } from '../kit/keys.js';

const STEPS = readdirSync(LIVE_DAY)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** Ingests one live-day step and returns the events its snapshot recorded. */
async function step(h: Harness, file: string): Promise<RecordedEvent[]> {
  const id = await ingestInto(h.dataDir, [path.join(LIVE_DAY, file)]);
  await h.api.holder.refresh();
  return readOutbox(h.dataDir, id, 0);
}

const asFrames = (events: RecordedEvent[]) =>
  events.map((e) => ({ id: String(e.seq), event: e.evento, data: e.corpo }));
const eventsOf = (c: SseClient) => c.events.map((f) => ({ id: f.id, event: f.event, data: f.data }));

describe('GET /v1/stream: the webhook events as Server-Sent Events', () => {
  let h: Harness;
  let key: string;
  const recorded: RecordedEvent[] = [];
  const streams: SseClient[] = [];
  const open = async (query: string, headers: Record<string, string> = {}, k: string | null = key) => {
    const c = await SseClient.open(`${h.url}/v1/stream${query}`, {
      ...(k ? { authorization: `Bearer ${k}` } : {}),
      ...headers,
    });
    streams.push(c);
    return c;
  };

  before(async () => {
    h = await startHarness({
      stream: { windowEvents: 4, heartbeatMs: 100 },
      plans: { ...DEFAULT_PLANS, pro: { ...DEFAULT_PLANS.pro, streams_simultaneos: 1 } },
    });
    key = await h.key('enterprise');
  });
  after(async () => {
    for (const c of streams) c.close();
    await h.cleanup();
  });

  it('sends each event as `event:` its name, `id:` its seq and `data:` exactly the webhook body, filtered', async () => {
    const all = await open('');
    assert.equal(all.status, 200);
    assert.equal(all.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.ok(
      all.headers['x-request-id'] && all.headers['ratelimit-remaining'],
      'our headers, as on every authenticated response',
    );
    const goals = await open('?eventos=partida.gol,partida.encerrada');
    for (const file of STEPS.slice(0, 8)) recorded.push(...(await step(h, file)));
    assert.ok(
      recorded.some((e) => e.evento === 'partida.gol') && recorded.length >= 5,
      recorded.map((e) => e.evento).join(),
    );
    await all.until((c) => c.events.length >= recorded.length);
    assert.deepEqual(eventsOf(all), asFrames(recorded));
    const wanted = recorded.filter((e) => e.evento === 'partida.gol' || e.evento === 'partida.encerrada');
    await goals.until((c) => c.events.length >= wanted.length);
    assert.deepEqual(eventsOf(goals), asFrames(wanted));
    const match = recorded.find((e) => e.partida_id !== null)!;
    const one = await open(`?partida=${match.partida_id}`, { 'last-event-id': String(recorded.at(-2)!.seq) });
    await one.until((c) => c.frames.length >= 1);
    assert.deepEqual(eventsOf(one), asFrames(recorded.slice(-1).filter((e) => e.partida_id === match.partida_id)));
  });

  it('resumes after Last-Event-ID from its window; beyond it sends `recarregar` and goes on live', async () => {
    const resumed = await open('', { 'last-event-id': String(recorded.at(-3)!.seq) });
    await resumed.until((c) => c.events.length >= 2);
    assert.deepEqual(eventsOf(resumed), asFrames(recorded.slice(-2)));
    const tooOld = await open('', { 'last-event-id': String(recorded[0]!.seq) });
    await tooOld.until((c) => c.events.length >= 1);
    const reload = tooOld.events[0]!;
    assert.equal(reload.event, 'recarregar');
    assert.equal(reload.id, String(recorded.at(-1)!.seq), 'moves the client past the gap');
    assert.match(JSON.parse(reload.data!).mensagem, /recarregue os dados pela API REST/);
    const more = await step(h, STEPS[8]!);
    assert.ok(more.length > 0);
    await tooOld.until((c) => c.events.length >= 1 + more.length);
    assert.deepEqual(eventsOf(tooOld).slice(1), asFrames(more));
    recorded.push(...more);
  });

  it('sends a heartbeat comment while idle', async () => {
    const idle = await open('?eventos=fase.finalizada');
    await idle.until((c) => c.frames.filter((f) => f.event === undefined && f.comments.length > 0).length >= 3, 5_000);
  });

  it('a free key streams only its championships; asking for another is 403; a bad filter is 400', async () => {
    const camp = recorded[0]!.campeonato_id;
    const free = await h.key('free', { campeonatos: [camp + 1000] });
    const denied = await h.get(`/v1/stream?campeonato=${camp}`, free);
    assert.equal(denied.status, 403);
    assert.equal(denied.json.erro, 'Plano insuficiente');
    const bad = await h.get('/v1/stream?eventos=partida.gol,gol', key);
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json.erro, 'Parâmetro inválido');
    assert.match(bad.json.mensagem, /^O parâmetro eventos deve listar/);
    const freeStream = await open('', { 'last-event-id': String(recorded.at(-2)!.seq) }, free);
    assert.equal(freeStream.status, 200);
    const mine = await open(
      '',
      { 'last-event-id': String(recorded.at(-2)!.seq) },
      await h.key('free', { campeonatos: [camp] }),
    );
    await mine.until((c) => c.events.length >= 1);
    // A barrier, not a pause: the replay is written when the stream opens, a heartbeat only later on the same
    // connection, so once one has arrived any event the replay held would have arrived before it.
    await freeStream.until((c) => c.frames.some((f) => f.event === undefined && f.comments.length > 0), 5_000);
    assert.equal(freeStream.events.length, 0, 'nothing of a championship off its list');
  });

  it('limits concurrent streams per account by plan (429), and frees the slot when a stream closes', async () => {
    const pro = await h.key('pro');
    const first = await open('', {}, pro);
    assert.equal(first.status, 200);
    const second = await h.get('/v1/stream', pro);
    assert.equal(second.status, 429);
    assert.deepEqual(second.json, {
      erro: 'Limite de requisições',
      mensagem: 'O plano pro permite 1 streams simultâneos por conta em cada servidor; feche um antes de abrir outro.',
    });
    const open_ = h.api.stream.count();
    first.close();
    await waitFor(() => h.api.stream.count() < open_, 'the closed stream freed its slot');
    const third = await open('', {}, pro);
    assert.equal(third.status, 200);
  });

  it('a single-use ticket opens the stream without the key in the URL', async () => {
    const issued = await h.request('POST', '/v1/stream/ticket', { key });
    assert.equal(issued.status, 201);
    assertOpenApi('/v1/stream/ticket', 201, issued.json, 'post');
    const { ticket, url, expira_em } = issued.json.data as { ticket: string; url: string; expira_em: string };
    assert.equal(url, `${h.url}/v1/stream?ticket=${ticket}`, 'absolute: the page opening it is on another origin');
    assert.ok(Date.parse(expira_em) > Date.now());
    assert.ok(!ticket.includes(key));
    const byTicket = await open(`?ticket=${ticket}&eventos=partida.gol`, {}, null);
    assert.equal(byTicket.status, 200);
    const again = await h.get(`/v1/stream?ticket=${ticket}`);
    assert.equal(again.status, 401);
    assert.deepEqual(again.json, {
      erro: 'Não autorizado',
      mensagem: 'Ticket de stream inválido, expirado ou já utilizado; peça outro em POST /v1/stream/ticket.',
    });
    const none = await h.get('/v1/stream');
    assert.equal(none.status, 401);
    assert.equal(none.json.mensagem, 'API Key inválida ou inativa');
  });

  it('a stream ends when its key is revoked, rotated or its plan changes; the key as it stands answers the reconnect', async () => {
    const idOf = async (k: string) => (await h.accounts.findKeys(k))[0]!;
    const [revoked, rotated, downgraded, untouched] = (await Promise.all(
      ['enterprise', 'enterprise', 'enterprise', 'enterprise'].map(() => h.key('enterprise')),
    )) as [string, string, string, string];
    const streamsOf = await Promise.all([revoked, rotated, downgraded, untouched].map((k) => open('', {}, k)));
    for (const c of streamsOf) assert.equal(c.status, 200);
    await h.accounts.revokeKey((await idOf(revoked)).id);
    await h.accounts.rotateKey((await idOf(rotated)).id);
    await h.accounts.updateAccount((await idOf(downgraded)).conta, { plano: 'free' });
    // Each ends by itself (bounded by the wait's own deadline); the untouched one stays open.
    for (const c of streamsOf.slice(0, 3)) await c.until((x) => x.ended);
    assert.equal(streamsOf[3]!.ended, false);
    assert.equal((await h.get('/v1/stream', revoked)).status, 401);
    assert.equal((await h.get('/v1/stream', rotated)).status, 401);
    const free = await open('?campeonato=1', {}, downgraded);
    assert.equal(free.status, 403, 'the free plan reads only its championships');
  });

  it('a ticket issued before its key was revoked or rotated no longer opens a stream', async () => {
    const ticketOf = async (k: string) =>
      ((await h.request('POST', '/v1/stream/ticket', { key: k })).json.data as { ticket: string }).ticket;
    const revoked = await h.key('enterprise');
    const rotated = await h.key('enterprise');
    const [t1, t2] = [await ticketOf(revoked), await ticketOf(rotated)];
    await h.accounts.revokeKey((await h.accounts.findKeys(revoked))[0]!.id);
    await h.accounts.rotateKey((await h.accounts.findKeys(rotated))[0]!.id);
    for (const t of [t1, t2]) {
      const r = await h.get(`/v1/stream?ticket=${t}`);
      assert.equal(r.status, 401);
      assert.equal(r.json.mensagem, 'API Key inválida ou inativa');
    }
  });

  it("tickets are bounded per account: one account's many tickets evict only its own", async () => {
    const settings = { requisicoes_por_segundo: 1_000_000, cota_requisicoes: 10_000_000 };
    const other = await h.key('enterprise', settings);
    const noisy = await h.key('enterprise', settings);
    const ticketOf = async (k: string) =>
      ((await h.request('POST', '/v1/stream/ticket', { key: k })).json.data as { ticket: string }).ticket;
    const kept = await ticketOf(other);
    const first = await ticketOf(noisy);
    for (let i = 0; i < MAX_TICKETS_PER_ACCOUNT; i++) await ticketOf(noisy);
    assert.equal((await h.get(`/v1/stream?ticket=${first}`)).status, 401, "the noisy account's oldest is gone");
    const stream = await open(`?ticket=${kept}`, {}, null);
    assert.equal(stream.status, 200, "the other account's ticket still opens its stream");
  });
});

describe('browsers on another origin: the ticket URL and resuming on a fresh ticket', () => {
  const harnesses: Harness[] = [];
  const streams: SseClient[] = [];
  const harness = async (o: Parameters<typeof startHarness>[0]) => {
    const h = await startHarness({ ingestDemo: false, ...o });
    harnesses.push(h);
    return h;
  };
  const ticketUrl = async (h: Harness, key: string, headers: Record<string, string> = {}) => {
    const r = await h.request('POST', '/v1/stream/ticket', { key, headers });
    assert.equal(r.status, 201, r.text);
    return (r.json.data as { url: string }).url;
  };
  after(async () => {
    for (const c of streams) c.close();
    for (const h of harnesses) await h.cleanup();
  });

  it('the ticket URL is absolute: the request host, X-Forwarded-* only with trustProxy, --public-url above both', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.exemplo.com.br' };
    const plain = await harness({});
    assert.match(
      await ticketUrl(plain, await plain.key('pro'), forwarded),
      new RegExp(`^${plain.url}/v1/stream\\?ticket=`),
    );
    const proxied = await harness({ trustProxy: true });
    assert.match(
      await ticketUrl(proxied, await proxied.key('pro'), forwarded),
      /^https:\/\/api\.exemplo\.com\.br\/v1\/stream\?ticket=/,
    );
    const fixed = await harness({ publicUrl: 'https://futebol.exemplo.com/api', trustProxy: true });
    assert.match(
      await ticketUrl(fixed, await fixed.key('pro'), forwarded),
      /^https:\/\/futebol\.exemplo\.com\/api\/v1\/stream\?ticket=/,
    );
  });

  it('ultimo_evento resumes a new EventSource (no headers) where the old one stopped; Last-Event-ID wins', async () => {
    const h = await harness({ ingestDemo: true });
    const key = await h.key('enterprise');
    const recorded: RecordedEvent[] = [];
    for (const file of STEPS.slice(0, 4)) recorded.push(...(await step(h, file)));
    assert.ok(recorded.length >= 3, recorded.map((e) => e.evento).join());
    const from = recorded.at(-3)!.seq;
    const resumed = await SseClient.open(`${await ticketUrl(h, key)}&ultimo_evento=${from}`);
    streams.push(resumed);
    await resumed.until((c) => c.events.length >= 2);
    assert.deepEqual(eventsOf(resumed), asFrames(recorded.slice(-2)));
    const header = await SseClient.open(`${await ticketUrl(h, key)}&ultimo_evento=0`, {
      'last-event-id': String(recorded.at(-2)!.seq),
    });
    streams.push(header);
    await header.until((c) => c.events.length >= 1);
    assert.deepEqual(eventsOf(header), asFrames(recorded.slice(-1)));
    const bad = await h.get('/v1/stream?ultimo_evento=x', key);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.erro, 'Parâmetro inválido');
  });

  it('a stream resuming before the server has loaded a snapshot waits for it and misses nothing', async () => {
    const h = await harness({});
    const early = await SseClient.open(`${h.url}/v1/stream?ultimo_evento=0`, {
      authorization: `Bearer ${await h.key('enterprise')}`,
    });
    streams.push(early);
    assert.equal(early.status, 200);
    const ids = [await ingestInto(h.dataDir, [DEMO_FIXTURES])];
    for (const file of STEPS.slice(0, 3)) ids.push(await ingestInto(h.dataDir, [path.join(LIVE_DAY, file)]));
    await h.api.holder.refresh();
    const recorded = (await Promise.all(ids.map((id) => readOutbox(h.dataDir, id, 0)))).flat();
    assert.ok(recorded.length > 0);
    await early.until((c) => c.events.length >= recorded.length);
    assert.deepEqual(eventsOf(early), asFrames(recorded));
  });
});

describe('svc serve ends open streams on SIGTERM (the real binary)', () => {
  it('the stream ends and the process exits 0', async () => {
    const { dir, cleanup } = tempDir('svc-stream-cli-');
    try {
      const key = await createKey(dir, 'acme', 'pro');
      const child = spawn(
        process.execPath,
        [SVC_BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--json', '--data-dir', dir],
        { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /"event":"ouvindo","url":"([^"]+)"/.exec(out);
          if (m) resolve(m[1]!);
        });
        void exited.then((code) => reject(new Error(`exited ${code}`)));
      });
      const stream = await SseClient.open(`${url}/v1/stream`, { authorization: `Bearer ${key}` });
      assert.equal(stream.status, 200);
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      await stream.until((c) => c.ended, 5_000);
      assert.ok(
        stream.frames.some((f) => f.comments.includes('servidor encerrando')),
        stream.body,
      );
    } finally {
      cleanup();
    }
  });
});
