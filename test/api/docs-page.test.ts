import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { ENDPOINTS } from '../../src/api/openapi/endpoints.js';
import { EXAMPLES_FILE, makeExamples } from './docs-examples.js';
import { startHarness, type Harness } from './harness.js';
import { assertOpenApi } from './openapi-validator.js';

const CHROMIUM = '/usr/bin/chromium';
/** Where the screenshots go (outside the repository), for a person to look at. */
const SHOTS = path.join(os.tmpdir(), 'svc-docs-page');

describe('/docs: examples kept in step with the API', () => {
  it('examples.json is what the demo data gives today (npm run docs:examples), and every example matches the OpenAPI', async () => {
    const fresh = await makeExamples();
    const stored = JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as typeof fresh;
    assert.deepEqual(
      stored,
      fresh,
      'src/api/openapi/examples.json is stale: run `npm run docs:examples` and commit it',
    );
    for (const e of ENDPOINTS) {
      const method = e.method ?? 'get';
      const ex = fresh[`${method.toUpperCase()} ${e.path}`]!;
      if (ex.response?.body !== undefined && ex.response.status < 300)
        assertOpenApi(e.path, ex.response.status, ex.response.body, method);
      for (const err of ex.errors) assertOpenApi(e.path, err.status, err.body, method);
    }
  });
});

describe('/docs behind a proxy', () => {
  it('with --public-url every example points at it, whatever host the request came to', async () => {
    const h = await startHarness({ ingestDemo: false, publicUrl: 'https://api.exemplo.com.br' });
    try {
      const page = await h.get('/docs');
      assert.equal(page.status, 200);
      assert.ok(page.text.includes('&#34;https://api.exemplo.com.br/v1/campeonatos&#34;'), 'the quickstart curl');
      assert.ok(!page.text.includes(h.url));
    } finally {
      await h.cleanup();
    }
  });
});

describe('/docs in headless Chromium', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed` }, () => {
  let h: Harness;
  let browser: Browser;
  before(async () => {
    h = await startHarness({ ingestDemo: false });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await h?.cleanup();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    it(`${name} (${viewport.width} px): no console error, nothing requested off the host, readable navigation`, async () => {
      const context = await browser.newContext({ viewport });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
      const page = await context.newPage();
      const problems: string[] = [];
      const offHost: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue();
        offHost.push(url.href);
        return route.abort();
      });
      const res = await page.goto(`${h.url}/docs`, { waitUntil: 'load' });
      assert.equal(res?.status(), 200);
      const csp = res?.headers()['content-security-policy'] ?? '';
      assert.doesNotMatch(csp, /unsafe/);
      assert.match(csp, /script-src 'sha256-[^']+';/, 'the one script is allowed by its hash only');
      assert.deepEqual(offHost, []);
      assert.deepEqual(problems, [], 'a CSP violation or any other error shows up here');

      const links = await page.locator('nav ul:not(.guia) li a').allTextContents();
      assert.equal(links.length, ENDPOINTS.length);
      assert.equal(new Set(links).size, links.length, `every link label differs: ${links.join(' | ')}`);
      assert.equal(await page.locator('section.op').count(), ENDPOINTS.length);
      const curls = await page.locator('section.op pre').allTextContents();
      assert.ok(curls.filter((t) => t.startsWith('curl ')).length === ENDPOINTS.length, 'a curl per endpoint');
      const post = (await page.locator('#postWebhooks').textContent()) ?? '';
      for (const field of ['nome', 'url', 'eventos']) assert.match(post, new RegExp(`\\b${field}\\b`));
      assert.match(post, /-d '\{"nome":"placar"/);
      // Every example points at the address the page was reached at, none at a made-up one.
      const examples = (await page.locator('main pre').allTextContents()).join('\n');
      assert.ok(examples.includes(`"${h.url}/v1/campeonatos"`), 'the quickstart curl uses this host');
      assert.doesNotMatch(examples, /localhost:8080|svc\.base\.invalid/);
      for (const id of ['autenticacao', 'erros', 'limites', 'paginacao', 'cache', 'navegador', 'webhooks-eventos'])
        assert.equal(await page.locator(`h2#${id}`).count(), 1, id);
      assert.match((await page.locator('#limites + p').textContent()) ?? '', /RateLimit-Remaining/);
      const quickstart = page.locator('#inicio ~ .bloco').first();
      await quickstart.getByRole('button', { name: 'Copiar' }).click();
      await quickstart.getByRole('button', { name: 'Copiado' }).waitFor();
      assert.equal(
        await page.evaluate<string>('navigator.clipboard.readText()'),
        `export SVC_KEY="sua chave"\ncurl -H "Authorization: Bearer $SVC_KEY" "${h.url}/v1/campeonatos"`,
      );
      // Runs in the page (a string: this project's types have no DOM).
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 0, `no sideways scrolling of the page: ${overflow} px too wide`);
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      await page.locator('#postWebhooks').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-endpoint.png`) });
      await context.close();
    });
  }
});
