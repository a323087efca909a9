import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { accountsStoreOn } from '../../src/control/accounts-store.js';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { openControlDb } from '../../src/control/database.js';
import { SEGUIR_EVENTOS } from '../../src/api/openapi/docs-guide.js';
import { EVENTOS } from '../../src/domain/events.js';
import { readOutbox, type RecordedEvent } from '../../src/warehouse/outbox-reader.js';
import { REPO_ROOT, DEMO_FIXTURES, LIVE_DAY } from '../kit/fixtures.js';
import { tempDir, testDataDir, type TestDataDir } from '../kit/dirs.js';
import { installPackedClient } from '../kit/client-package.js';
import { SvcProcess } from '../kit/svc.js';
import { ingestInto } from '../kit/ingest.js';
import { launchChromium } from '../kit/browser.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const STEPS = ['01-pre-jogo', '02-inicio', '03-gol', '04-gol-contra', '05-cartao', '06-substituicao', '07-penalti'];

/** The browser code /docs and docs/api.md give customers, word for word, so the test follows what they say. */
function documentedFollower(): string {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8');
  assert.ok(doc.includes(SEGUIR_EVENTOS), 'docs/api.md shows the seguirEventos of /docs');
  return SEGUIR_EVENTOS;
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

/** A customer's page on its own origin: `script` runs with `API` and `key` set and fills `window.recebidos`. */
function pageHtml(api: string, key: string, script: string, module: boolean): string {
  // Without a bundler, the installed package and its dependency are mapped by name, as a customer's page would.
  const importMap = {
    imports: {
      '@svc/client': '/node_modules/@svc/client/dist/index.js',
      'openapi-fetch': '/node_modules/openapi-fetch/dist/index.mjs',
    },
  };
  return `<!doctype html><meta charset="utf-8"><title>cliente</title>
<script type="importmap">${JSON.stringify(importMap)}</script>
<script${module ? ' type="module"' : ''}>
const API = ${JSON.stringify(api)};
const key = ${JSON.stringify(key)};
window.recebidos = [];
${script}
</script>`;
}

/**
 * The browser flow in Chromium, from pages on another origin, across a restart of the real `svc serve` (events
 * recorded while it is down): one page runs the code docs/api.md gives (ticket → EventSource on the ticket's
 * absolute url, a new ticket with `ultimo_evento` after a drop), the other the packed client installed from its
 * tarball (`followBrowserStream`). Each must receive every recorded event once, in order.
 */
describe('the live stream in a browser on another origin, across a server restart (Chromium)', () => {
  let dataDir: TestDataDir;
  let scratch: ReturnType<typeof tempDir>;
  let port: number;
  let server: SvcProcess;
  let pageServer: http.Server;
  let browser: Browser;
  const pages: Record<'documentado' | 'pacote', Page> = {} as never;
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

  before(async () => {
    dataDir = testDataDir();
    scratch = tempDir('svc-browser-client-');
    const { project } = await installPackedClient(scratch.dir);
    await ingestInto(dataDir, [DEMO_FIXTURES]);
    const db = await openControlDb(dataDir.controlDb);
    const accounts = accountsStoreOn(sqliteSql(db));
    const { key } = await accounts.createKey((await accounts.createAccount('acme', 'enterprise')).id, 'navegador');
    db.close();
    port = await freePort();
    await serve();
    const api = `http://127.0.0.1:${port}`;
    const documented = pageHtml(
      api,
      key,
      `${documentedFollower()}
seguirEventos(${JSON.stringify(EVENTOS)}, (evento, corpo, id) => recebidos.push({ evento, corpo, id }));`,
      false,
    );
    const packaged = pageHtml(
      api,
      key,
      `import { createSvcClient, followBrowserStream } from '@svc/client';
const { data } = await createSvcClient({ baseUrl: API, key }).GET('/v1/campeonatos');
window.campeonatos = data.data.map((c) => c.nome);
followBrowserStream({ baseUrl: API, key, onEvent: (e) => recebidos.push({ evento: e.event, corpo: e.data, id: e.id }) });`,
      true,
    );
    pageServer = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://pagina');
      if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(documented);
      if (url.pathname === '/pacote') return res.writeHead(200, { 'content-type': 'text/html' }).end(packaged);
      // The installed package's files, as a static host serves them.
      const file = path.join(project, path.normalize(url.pathname));
      if (!url.pathname.startsWith('/node_modules/') || !file.startsWith(project)) return res.writeHead(404).end();
      try {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => pageServer.listen(0, '127.0.0.1', r));
    browser = await launchChromium();
    const context = await browser.newContext();
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (LOOPBACK.has(url.hostname)) return route.continue();
      offHost.push(url.href);
      return route.abort();
    });
    for (const name of ['documentado', 'pacote'] as const) {
      const page = await context.newPage();
      page.on('request', (r) => r.url().endsWith('/v1/stream/ticket') && ticketRequests.push(name));
      page.on('pageerror', (err) => offHost.push(`${name}: ${err}`));
      pages[name] = page;
    }
  });

  after(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await server?.exited;
    await new Promise((r) => pageServer?.close(r));
    dataDir?.cleanup();
    scratch?.cleanup();
  });

  it('every page receives every event once, in order, with the server restarted in the middle', async () => {
    const origin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
    assert.notEqual(origin, `http://127.0.0.1:${port}`, 'the pages are on another origin');
    for (const [name, page] of Object.entries(pages)) {
      const streamOpen = page.waitForResponse((r) => r.url().includes('/v1/stream?ticket=') && r.status() === 200);
      await page.goto(name === 'pacote' ? `${origin}/pacote` : `${origin}/`);
      await streamOpen;
    }
    assert.deepEqual(await pages.pacote.evaluate(() => (window as unknown as { campeonatos: string[] }).campeonatos), [
      'Campeonato Brasileiro Série A',
      'Copa do Brasil',
    ]);

    // Every recorded event, once and in order: waits (in the page) for as many as were recorded, then compares.
    const allArrived = async () => {
      for (const [name, page] of Object.entries(pages)) {
        await page.waitForFunction(
          (n) => (window as unknown as { recebidos: Received[] }).recebidos.length >= n,
          recorded.length,
          { timeout: 30_000 },
        );
        const got = await page.evaluate(() => (window as unknown as { recebidos: Received[] }).recebidos);
        assert.deepEqual(
          got.map((r) => [r.id, r.evento, r.corpo]),
          recorded.map((e) => [String(e.seq), e.evento, JSON.parse(e.corpo)]),
          name,
        );
      }
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

    for (const name of Object.keys(pages))
      assert.ok(ticketRequests.filter((n) => n === name).length >= 2, `${name} reconnected with a new ticket`);
    assert.deepEqual(offHost, []);
  });
});
