import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_FIXTURES, FIXTURES_NOW, LIVE_DAY } from '../kit/fixtures.js';
import { runSvc, SvcProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';
import { createTestDatabase, postgresSkip } from '../kit/postgres.js';
import { waitFor } from '../kit/wait.js';
import { SseClient } from '../kit/sse.js';
import { readLiveList } from '../../src/warehouse/live-list.js';

const SVC_SECRET_KEY = 'chave-de-teste-do-cluster-com-32-caracteres';
const LIVE_STEP = path.join(LIVE_DAY, '03-gol.json');

/**
 * Three real `svc serve` processes on one PostgreSQL control plane and one snapshots directory, as
 * docs/deploy.md lays them out behind a load balancer: what one node changes, every node knows.
 */
describe('three API nodes on one PostgreSQL', { skip: postgresSkip ?? false }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: { dir: string; cleanup: () => void };
  let env: Record<string, string>;
  const nodes: SvcProcess[] = [];
  const urls: string[] = [];

  async function svc(...args: string[]): Promise<string> {
    const r = await runSvc([...args, '--data-dir', dir.dir], { env });
    assert.equal(r.code, 0, `svc ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }

  async function newKey(account: string, ...extra: string[]): Promise<string> {
    const out = await svc('keys', 'create', '--account', account, '--plan', 'pro', '--json', ...extra);
    return (JSON.parse(out) as { key: string }).key;
  }

  const get = (url: string, key: string, route = '/v1/campeonatos') =>
    fetch(`${url}${route}`, { headers: { authorization: `Bearer ${key}` } });

  /** Polls every node until `ok` holds on each; returns how long the last one took (ms). */
  async function onEveryNode(ok: (url: string) => Promise<boolean>, what: string): Promise<number> {
    const start = Date.now();
    await Promise.all(urls.map((url) => waitFor(() => ok(url), `${url}: ${what}`, 10_000)));
    return Date.now() - start;
  }

  before(async () => {
    database = await createTestDatabase();
    dir = tempDir('svc-cluster-');
    env = { SVC_DATABASE_URL: database.url, SVC_SECRET_KEY };
    await svc('ingest', DEMO_FIXTURES);
    for (let i = 0; i < 3; i++) {
      const node = new SvcProcess(
        ['serve', '--json', '--port', '0', '--host', '127.0.0.1', '--allow-private-urls', '--data-dir', dir.dir],
        env,
      );
      nodes.push(node);
      urls.push((await node.waitForOutput(/"event":"ouvindo","url":"([^"]+)"/))[1]!);
    }
  });

  after(async () => {
    for (const n of nodes) n.kill('SIGTERM');
    await Promise.all(nodes.map((n) => n.exited));
    dir?.cleanup();
    await database?.drop();
  });

  it('a daily quota holds exactly across nodes, and every node counts what the others served', async () => {
    const key = await newKey('quota', '--quota', '300', '--rate', '100000');
    const statuses = new Map<number, number>();
    // 600 requests, 16 at a time on each node.
    await Promise.all(
      urls.flatMap((url) =>
        Array.from({ length: 16 }, async (_, lane) => {
          for (let i = lane; i < 200; i += 16) {
            const res = await get(url, key);
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          }
        }),
      ),
    );
    assert.deepEqual(Object.fromEntries(statuses), { 200: 300, 429: 300 });
    // /v1/me on any node reports the whole cluster's use (each node writes its counts every 200 ms).
    await onEveryNode(async (url) => {
      const me = (await (await get(url, key, '/v1/me')).json()) as {
        data: { consumo: { requisicoes_utilizadas: number } };
      };
      return me.data.consumo.requisicoes_utilizadas === 300;
    }, '/v1/me = 300');
    await onEveryNode(async (url) => {
      const st = (await (await get(url, key, '/v1/perfil/estatisticas')).json()) as {
        data: { requisicoes_por_endpoint: { endpoint: string; requisicoes: number }[] };
      };
      const campeonatos = st.data.requisicoes_por_endpoint.find((e) => e.endpoint === '/v1/campeonatos');
      return campeonatos?.requisicoes === 600;
    }, 'estatisticas: 600 requests to /v1/campeonatos');
  });

  it('a revoked key and a plan change reach every node within about a second', async (t) => {
    const key = await newKey('mudancas', '--quota', '1000');
    for (const url of urls) assert.equal((await get(url, key)).headers.get('ratelimit-limit'), '1000');
    await svc('keys', 'plan', '--account', 'mudancas', '--quota', '2000');
    const planMs = await onEveryNode(
      async (url) => (await get(url, key)).headers.get('ratelimit-limit') === '2000',
      'the new quota',
    );
    const [id] = JSON.parse(await svc('keys', 'list', '--account', 'mudancas', '--json')).chaves.map(
      (k: { id: number }) => k.id,
    );
    await svc('keys', 'revoke', String(id));
    const revokeMs = await onEveryNode(async (url) => (await get(url, key)).status === 401, 'the revocation');
    // The auth cache is 1 s: allow the command's own start-up on a loaded machine besides it.
    t.diagnostic(
      `every node: plan change after ${planMs} ms, revocation after ${revokeMs} ms (from the command's exit)`,
    );
    assert.ok(planMs < 3_000 && revokeMs < 3_000, `plan change ${planMs} ms, revocation ${revokeMs} ms`);
  });

  it('the stream limit is per node (docs/api.md): a free account holds 2 streams on each node, a third on one is 429', async () => {
    const out = await svc('keys', 'create', '--account', 'streams', '--plan', 'free', '--json');
    const headers = { authorization: `Bearer ${(JSON.parse(out) as { key: string }).key}` };
    const streams: SseClient[] = [];
    const open = async (url: string) => {
      const s = await SseClient.open(`${url}/v1/stream`, headers);
      streams.push(s);
      return s.status;
    };
    try {
      for (const url of urls) assert.deepEqual([await open(url), await open(url)], [200, 200], url);
      assert.equal(await open(urls[0]!), 429);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('a webhook created or changed on one node is what every other node answers', async () => {
    const key = await newKey('ganchos');
    const created = await fetch(`${urls[0]}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'placar', url: 'http://127.0.0.1:9/hook', eventos: ['partida.gol'] }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { data } = (await created.json()) as { data: { id: number; secret: string } };
    const patched = await fetch(`${urls[1]}/v1/webhooks/${data.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ativo: false }),
    });
    assert.equal(patched.status, 200);
    const seen = (await (await get(urls[2]!, key, `/v1/webhooks/${data.id}`)).json()) as {
      data: { ativo: boolean };
    };
    assert.equal(seen.data.ativo, false, 'the third node reads the change at once (no cache)');
  });

  it('a new snapshot is served by every node within about a second of publication', async (t) => {
    const key = await newKey('snapshots');
    const status = async (url: string) =>
      ((await (await fetch(`${url}/v1/status`)).json()) as { data: { snapshot: { id: string } | null } }).data.snapshot
        ?.id;
    const before = await status(urls[0]!);
    const out = await svc('ingest', LIVE_STEP, '--json', '--now', FIXTURES_NOW);
    const published = Date.now();
    const { snapshot_id } = JSON.parse(out) as { snapshot_id: string };
    assert.notEqual(snapshot_id, before);
    await onEveryNode(async (url) => (await status(url)) === snapshot_id, `snapshot ${snapshot_id}`);
    const ms = Date.now() - published;
    t.diagnostic(`every node serves snapshot ${snapshot_id} ${ms} ms after svc ingest exited`);
    assert.ok(ms < 3_000, `served by every node ${ms} ms after publication`);
    assert.equal((await get(urls[1]!, key)).status, 200);
  });

  it('every node lists a live step before its snapshot is published; a killed writer’s list goes with the next ingest', async () => {
    const key = await newKey('ao-vivo');
    const step = path.join(LIVE_DAY, '04-gol-contra.json');
    const aoVivo = async (url: string) => {
      const r = await get(url, key, '/v1/partidas/ao-vivo');
      await r.arrayBuffer();
      return r.headers.get('x-snapshot');
    };
    const base = await aoVivo(urls[0]!);
    const held = new SvcProcess(
      ['ingest', step, '--data-dir', dir.dir, '--now', FIXTURES_NOW, '--pause-at', 'loaded'],
      env,
    );
    await held.waitForOutput(/pausado em loaded/);
    const list = readLiveList(path.join(dir.dir, 'AO_VIVO.json'));
    assert.equal(list?.base, base);
    await onEveryNode(async (url) => (await aoVivo(url)) === list!.snapshot, `the live list of ${list!.snapshot}`);
    held.kill('SIGKILL');
    await held.exited;
    // Never published: the next ingest removes that list, then publishes the step under a snapshot of its own.
    const { snapshot_id } = JSON.parse(await svc('ingest', step, '--json', '--now', FIXTURES_NOW)) as {
      snapshot_id: string;
    };
    assert.notEqual(snapshot_id, list!.snapshot);
    await onEveryNode(async (url) => (await aoVivo(url)) === snapshot_id, `snapshot ${snapshot_id}`);
  });

  it('PostgreSQL ending every connection under load, five times, kills no node', async (t) => {
    const key = await newKey('reinicio', '--quota', '1000000', '--rate', '100000');
    const created = await fetch(`${urls[0]}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'reinicio', url: 'http://127.0.0.1:9/hook', eventos: ['partida.gol'] }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { data } = (await created.json()) as { data: { id: number } };
    const died: string[] = [];
    for (const [i, n] of nodes.entries())
      void n.exited.then((e) => died.push(`node ${i}: ${JSON.stringify(e)} ${n.stderr.slice(-500)}`));
    let stop = false;
    const statuses = new Map<number | string, number>();
    const count = (s: number | string) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
    // Reads (auth, usage flushes, quota leases) and writes in transactions (PATCH locks the webhook) on every node,
    // so connections are checked out of the pools while they are ended.
    const load = urls.flatMap((url) =>
      Array.from({ length: 6 }, async (_, lane) => {
        for (let i = 0; !stop; i++) {
          try {
            const res =
              lane === 0
                ? await fetch(`${url}/v1/webhooks/${data.id}`, {
                    method: 'PATCH',
                    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                    body: JSON.stringify({ ativo: i % 2 === 0 }),
                  })
                : await get(url, key);
            await res.arrayBuffer();
            count(res.status);
          } catch {
            count('sem resposta');
          }
        }
      }),
    );
    // A node that died stops the wait at once: the assertion below names it.
    const serves = async (url: string) =>
      died.length > 0 ||
      (await get(url, key).then(
        (r) => r.status === 200,
        () => false,
      ));
    let ended = 0;
    for (let round = 0; round < 5 && died.length === 0; round++) {
      ended += await database.terminateConnections();
      // Every node serves again before the next round: each round ends connections the pools opened anew.
      await onEveryNode(serves, `200 after round ${round + 1}`);
    }
    stop = true;
    await Promise.all(load);
    t.diagnostic(`${ended} connections ended; statuses under load: ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.deepEqual(died, [], 'every node is alive');
    assert.ok(ended >= 5, `connections ended: ${ended}`);
    // While its connections were being replaced a node answered 503 + Retry-After, never a 500.
    assert.deepEqual(
      [...statuses.keys()].filter((s) => s !== 200 && s !== 503),
      [],
      JSON.stringify(Object.fromEntries(statuses)),
    );
  });

  it('an ingest while another holds the cluster lock is refused; a SIGKILLed holder leaves no lock behind', async () => {
    // A second data dir on the same control plane stands for a second ingest host.
    const other = tempDir('svc-cluster-other-');
    try {
      const first = new SvcProcess(
        ['ingest', LIVE_STEP, '--data-dir', dir.dir, '--now', FIXTURES_NOW, '--pause-at', 'locked'],
        env,
      );
      await first.waitForOutput(/pausado em/);
      const second = await runSvc(['ingest', LIVE_STEP, '--data-dir', other.dir, '--now', FIXTURES_NOW], { env });
      first.kill('SIGKILL');
      await first.exited;
      assert.equal(second.code, 5, second.stderr);
      assert.match(second.stderr, /ingest/);
      // The killed holder's connection ended: its lock went with it.
      const third = await runSvc(['ingest', DEMO_FIXTURES, '--data-dir', other.dir], { env });
      assert.equal(third.code, 0, third.stderr);
    } finally {
      other.cleanup();
    }
  });
});
