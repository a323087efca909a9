import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SqliteAccountsStore } from '../../src/control/accounts-store.js';
import { openControlDb } from '../../src/control/database.js';
import { EVENTOS } from '../../src/domain/events.js';
import { readOutbox, type RecordedEvent } from '../../src/api/stream/recorded-events.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { SvcProcess, testDataDir, type TestDataDir } from '../webhooks/helpers.js';
import { DEMO_FIXTURES, ingestInto, LIVE_DAY } from './harness.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const STEPS = ['01-pre-jogo', '02-inicio', '03-gol', '04-gol-contra', '05-cartao', '06-substituicao', '07-penalti'];

/** The browser code docs/api.md gives customers, taken from the doc itself so the test follows what it says. */
function documentedFollower(): string {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8');
  const code = /^function seguirEventos\(.*?^}$/ms.exec(doc)?.[0];
  assert.ok(code, 'docs/api.md shows seguirEventos');
  return code;
}

/** A port free now, so the restarted server can listen where the page's EventSource points. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

interface Received {
  evento: string;
  corpo: unknown;
  id: string;
}

/**
 * The documented browser flow in Chromium, from a page on another origin: ticket → EventSource on the ticket's
 * absolute url, and after the real `svc serve` is stopped and started again (events recorded meanwhile), a new
 * ticket with `ultimo_evento`. Every recorded event must arrive once, in order.
 */
describe('the live stream in a browser on another origin, across a server restart (Chromium)', () => {
  let dataDir: TestDataDir;
  let key: string;
  let port: number;
  let server: SvcProcess;
  let pageServer: http.Server;
  let browser: Browser;
  let page: Page;
  const recorded: RecordedEvent[] = [];
  const ticketRequests: string[] = [];
  const offHost: string[] = [];

  const serve = async () => {
    server = new SvcProcess([
      'serve',
      '--data-dir',
      dataDir.root,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--json',
    ]);
    await server.waitForOutput(/"event":"ouvindo"/);
  };
  const ingestStep = async (name: string) => {
    const id = await ingestInto(dataDir, [path.join(LIVE_DAY, `${name}.json`)]);
    recorded.push(...(await readOutbox(dataDir, id, 0)));
  };
  const received = (): Promise<Received[]> =>
    page.evaluate(() => (window as unknown as { recebidos: Received[] }).recebidos);

  before(async () => {
    dataDir = testDataDir();
    await ingestInto(dataDir, [DEMO_FIXTURES]);
    const db = openControlDb(dataDir.controlDb);
    const accounts = new SqliteAccountsStore(db);
    key = accounts.createKey(accounts.createAccount('acme', 'enterprise').id, 'navegador').key;
    db.close();
    port = await freePort();
    await serve();
    const api = `http://127.0.0.1:${port}`;
    const html = `<!doctype html><meta charset="utf-8"><title>cliente</title><script>
const API = ${JSON.stringify(api)};
const key = ${JSON.stringify(key)};
window.recebidos = [];
${documentedFollower()}
seguirEventos(${JSON.stringify(EVENTOS)}, (evento, corpo, id) => recebidos.push({ evento, corpo, id }));
</script>`;
    pageServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((r) => pageServer.listen(0, '127.0.0.1', r));
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext();
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (LOOPBACK.has(url.hostname)) return route.continue();
      offHost.push(url.href);
      return route.abort();
    });
    page = await context.newPage();
    page.on('request', (r) => r.url().endsWith('/v1/stream/ticket') && ticketRequests.push(r.url()));
  });

  after(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await server?.exited;
    await new Promise((r) => pageServer?.close(r));
    dataDir?.cleanup();
  });

  it('receives every event once, in order, with the server restarted in the middle', async () => {
    const pageUrl = `http://localhost:${(pageServer.address() as AddressInfo).port}/`;
    const streamOpen = page.waitForResponse((r) => r.url().includes('/v1/stream?ticket=') && r.status() === 200);
    await page.goto(pageUrl);
    assert.notEqual(new URL(pageUrl).origin, `http://127.0.0.1:${port}`, 'the page is on another origin');
    await streamOpen;

    let got: Received[] = [];
    const allArrived = async () => {
      const deadline = Date.now() + 30_000;
      while ((got = await received()).length < recorded.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(
        got.map((r) => `${r.id} ${r.evento}`),
        recorded.map((e) => `${e.seq} ${e.evento}`),
      );
    };

    for (const s of STEPS.slice(0, 3)) await ingestStep(s);
    assert.ok(recorded.length > 0);
    await allArrived();

    server.kill('SIGTERM');
    assert.equal((await server.exited).code, 0);
    const before = recorded.length;
    for (const s of STEPS.slice(3, 5)) await ingestStep(s);
    assert.ok(recorded.length > before, 'events recorded while the server was down');
    await serve();
    for (const s of STEPS.slice(5)) await ingestStep(s);
    await allArrived();

    assert.deepEqual(
      got.map((r) => r.corpo),
      recorded.map((e) => JSON.parse(e.corpo)),
      'each body exactly as recorded',
    );
    assert.ok(ticketRequests.length >= 2, 'the page reconnected with a new ticket');
    assert.deepEqual(offHost, []);
  });
});
