import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ERROS } from '../../src/api/errors.js';
import { VERIFY_NODE, VERIFY_PYTHON } from '../../src/api/openapi/docs-guide.js';
import { ROUTES } from '../../src/api/table/routes.js';
import { EVENTOS } from '../../src/domain/events.js';
import { deliveryHeaders } from '../../src/webhooks/signing.js';
import { FIXTURES_NOW } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';
import { run } from '../kit/client-package.js';
import { EXAMPLES_FILE, makeExamples } from './docs-examples.js';
import { startHarness, type Harness } from '../kit/server.js';
import { assertOpenApi } from '../kit/openapi.js';
import { chromiumSkip, launchChromium } from '../kit/browser.js';

const PYTHON = 'python3';
/** The Python examples run where python3 is (CI images have it); they are skipped, and said so, where not. */
const hasPython = spawnSync(PYTHON, ['--version']).status === 0;
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
    for (const e of Object.values(fresh).flatMap((x) => x.errors))
      assert.ok((e.body as { erro: string }).erro in ERROS, `${JSON.stringify(e.body)}: its erro is in ERROS`);
    for (const e of ROUTES) {
      const method = e.method;
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

/** The page as a customer's browser gets it: every request recorded, anything off the serving host refused. */
async function openDocs(browser: Browser, h: Harness, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: { url: string; headers: Record<string, string>; body: string | null }[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await context.route('**/*', (route) => {
    const r = route.request();
    requests.push({ url: r.url(), headers: r.headers(), body: r.postData() });
    return new URL(r.url()).origin === h.url ? route.continue() : route.abort();
  });
  const res = await page.goto(`${h.url}/docs`, { waitUntil: 'load' });
  assert.equal(res?.status(), 200);
  return { context, page, problems, requests, csp: res?.headers()['content-security-policy'] ?? '' };
}

/** The text of the example in `lang` of the endpoint section `id` (every language is in the page, one shown). */
const exampleIn = (page: Page, id: string, lang: string) =>
  page.locator(`#${id} pre[data-lang="${lang}"]`).first().textContent() as Promise<string>;

describe('/docs in headless Chromium', { skip: chromiumSkip }, () => {
  let h: Harness;
  let browser: Browser;
  let key: string;
  before(async () => {
    h = await startHarness();
    key = await h.key('enterprise');
    browser = await launchChromium();
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
    it(`${name} (${viewport.width} px): the guide, examples on this host, tabs, search, copy and try-it, nothing sent elsewhere`, async () => {
      assert.match(h.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const { context, page, problems, requests, csp } = await openDocs(browser, h, viewport);
      assert.doesNotMatch(csp, /unsafe/);
      assert.match(csp, /script-src 'sha256-[^']+';/, 'the one script is allowed by its hash only');
      assert.match(csp, /connect-src 'self';/, 'the try-it may call this origin only');

      // The guide, in order, before the reference.
      const ids = await page.locator('main h2[id]').evaluateAll((hs) => hs.map((x) => x.id));
      assert.deepEqual(ids.slice(0, 9), [
        'inicio',
        'autenticacao',
        'erros',
        'limites',
        'planos',
        'paginacao',
        'cache',
        'navegador',
        'webhooks-eventos',
      ]);
      const errorRows = await page.locator('#erros ~ .tbl').first().locator('tr td:nth-child(2)').allTextContents();
      assert.deepEqual(errorRows, Object.keys(ERROS), 'every erro text, from the one list');
      assert.match((await page.locator('#limites ~ .tbl').first().textContent()) ?? '', /RateLimit-Remaining/);
      for (const evento of EVENTOS) {
        const shown = JSON.parse(
          (await page.locator(`#evento-${evento.replace('.', '-')} pre`).textContent()) ?? '',
        ) as { evento: string };
        assert.equal(shown.evento, evento);
      }

      // Every endpoint: a link, a section, an example in each language; every example on this host.
      const links = await page.locator('nav ul:not(.guia) li a').allTextContents();
      assert.equal(links.length, ROUTES.length);
      assert.equal(new Set(links).size, links.length, `every link label differs: ${links.join(' | ')}`);
      assert.equal(await page.locator('section.op').count(), ROUTES.length);
      for (const lang of ['curl', 'js', 'python'])
        assert.equal(await page.locator(`section.op pre[data-lang="${lang}"]`).count(), ROUTES.length, lang);
      const post = (await page.locator('#postWebhooks').textContent()) ?? '';
      for (const field of ['nome', 'url', 'eventos']) assert.match(post, new RegExp(`\\b${field}\\b`));
      assert.match(post, /-d '\{"nome":"placar"/);
      const examples = (await page.locator('main pre').allTextContents()).join('\n');
      assert.ok(examples.includes(`"${h.url}/v1/campeonatos"`), 'the quickstart curl uses this host');
      assert.ok(examples.includes(`fetch('${h.url}/v1/campeonatos/1/tabela'`), 'the fetch examples too');
      assert.ok(examples.includes(`"${h.url}/v1/campeonatos/1/tabela",`), 'the Python examples too');
      assert.doesNotMatch(examples, /localhost:8080|svc\.base\.invalid/);
      assert.deepEqual(problems, [], 'a CSP violation or any other error shows up here');

      // Tabs: one language shown at a time, the choice applied to every example.
      const tabela = page.locator('#getCampeonatosCampeonatoIdTabela');
      assert.ok(await tabela.locator('pre[data-lang="curl"]').isVisible());
      assert.ok(!(await tabela.locator('pre[data-lang="python"]').isVisible()));
      await tabela.getByRole('tab', { name: 'Python (urllib)' }).click();
      assert.ok(await tabela.locator('pre[data-lang="python"]').isVisible());
      assert.ok(await page.locator('#getCampeonatos pre[data-lang="python"]').isVisible(), 'every example follows');
      await page.screenshot({ path: path.join(SHOTS, `${name}-python.png`) });

      // Copy: the button puts the block's text on the clipboard.
      const quickstart = page.locator('#inicio ~ .bloco').first();
      await quickstart.getByRole('button', { name: 'Copiar' }).click();
      await quickstart.getByRole('button', { name: 'Copiado' }).waitFor();
      assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), 'export SVC_KEY="sua chave"');
      await tabela.locator('.ex .bloco:not([hidden])').getByRole('button', { name: 'Copiar' }).click();
      assert.equal(
        await page.evaluate<string>('navigator.clipboard.readText()'),
        await exampleIn(page, 'getCampeonatosCampeonatoIdTabela', 'python'),
      );

      // Search: a word of an endpoint shows its link; Enter goes to it.
      await page.locator('#busca').fill('classificação completa');
      const found = await page.locator('nav li:not([hidden]) a').allTextContents();
      assert.ok(found.includes('Classificação completa'), found.join(' | '));
      assert.ok(found.length < links.length / 2, `the others are hidden: ${found.join(' | ')}`);
      await page.locator('#busca').press('Enter');
      await page.waitForURL(/#getCampeonatosCampeonatoIdTabela$/);
      await page.locator('#busca').fill('ratelimit');
      assert.deepEqual(await page.locator('nav li:not([hidden]) a').allTextContents(), ['Cotas e limites']);
      await page.locator('#busca').fill('xyzzy');
      assert.ok(await page.locator('#busca-vazia').isVisible());
      await page.locator('#busca').fill('');

      // Try-it: the real answer with a real key; the key stays in the page and on this host.
      await tabela.locator('details.tente > summary').click();
      const form = tabela.locator('form.experimentar');
      await form.locator('input[name=chave]').fill(key);
      await form.getByRole('button', { name: 'Enviar GET' }).click();
      await form.locator('.saida').waitFor();
      const expected = await h.get('/v1/campeonatos/1/tabela', key);
      assert.deepEqual(JSON.parse((await form.locator('.saida').textContent()) ?? ''), expected.json);
      assert.match((await form.locator('.resposta-status').textContent()) ?? '', /^200 OK · RateLimit-Remaining: \d+/);
      assert.equal(
        await page.locator('#inicio ~ details.tente input[name=chave]').inputValue(),
        key,
        'one key for every form',
      );
      await form.locator('.saida').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-experimentar.png`) });
      await form.locator('input[name=caminho]').fill('//example.com/v1/me');
      await form.getByRole('button', { name: 'Enviar GET' }).click();
      await page.getByText('Só caminhos deste servidor').waitFor();
      assert.equal(await page.evaluate<string | null>('sessionStorage.getItem("svc-docs-chave")'), key);
      assert.equal(await page.evaluate<number>('localStorage.length'), 0);
      assert.deepEqual((await context.cookies()).length, 0);
      const elsewhere = requests.filter((r) => new URL(r.url).origin !== h.url);
      assert.deepEqual(elsewhere, [], 'nothing requested off the serving host');
      const withKey = requests.filter((r) => JSON.stringify(r).includes(key));
      assert.ok(withKey.length >= 1, 'the try-it sent the key');
      for (const r of withKey) {
        assert.equal(new URL(r.url).origin, h.url);
        assert.ok(!r.url.includes(key), 'never in a URL');
        assert.equal(r.headers.authorization, `Bearer ${key}`);
      }

      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 0, `no sideways scrolling of the page: ${overflow} px too wide`);
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      await page.locator('#webhooks-eventos').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-webhooks.png`) });
      await context.close();
    });
  }

  it('the JavaScript and Python examples, copied from the page, run against this server', async () => {
    const { context, page } = await openDocs(browser, h, { width: 1280, height: 900 });
    const scratch = tempDir('svc-docs-run-');
    try {
      // Every JavaScript block parses as a module (top-level await, as the examples use it).
      const jsBlocks = await page.locator('main pre[data-lang="js"]').allTextContents();
      assert.ok(jsBlocks.length > ROUTES.length);
      for (const [i, code] of jsBlocks.entries()) {
        const file = path.join(scratch.dir, `bloco-${i}.mjs`);
        writeFileSync(file, code);
        const checked = await run(process.execPath, ['--check', file], scratch.dir);
        assert.equal(checked.code, 0, `${code}\n${checked.stderr}`);
      }
      const env = { SVC_KEY: key };
      const expected = (await h.get('/v1/campeonatos/1/tabela', key)).json;
      const js = path.join(scratch.dir, 'exemplo.mjs');
      writeFileSync(js, await exampleIn(page, 'getCampeonatosCampeonatoIdTabela', 'js'));
      const ranJs = await run(process.execPath, [js], scratch.dir, undefined, env);
      assert.equal(ranJs.code, 0, ranJs.stderr);
      assert.deepEqual(JSON.parse(ranJs.stdout.slice('200 '.length)), expected);
      if (!hasPython) return;
      // Every Python block parses.
      const pyBlocks = await page.locator('main pre[data-lang="python"]').allTextContents();
      const blocks = path.join(scratch.dir, 'blocos.json');
      writeFileSync(blocks, JSON.stringify(pyBlocks));
      const parsed = await run(
        PYTHON,
        ['-c', 'import ast, json, sys\nfor code in json.load(open(sys.argv[1])): ast.parse(code)', blocks],
        scratch.dir,
      );
      assert.equal(parsed.code, 0, parsed.stderr);
      const py = path.join(scratch.dir, 'exemplo.py');
      writeFileSync(py, await exampleIn(page, 'getCampeonatosCampeonatoIdTabela', 'python'));
      const ranPy = await run(PYTHON, [py], scratch.dir, undefined, env);
      assert.equal(ranPy.code, 0, ranPy.stderr);
      assert.deepEqual(JSON.parse(ranPy.stdout.slice('200 '.length)), expected);
      writeFileSync(py, await exampleIn(page, 'postStreamTicket', 'python'));
      const ticket = await run(PYTHON, [py], scratch.dir, undefined, env);
      assert.equal(ticket.code, 0, ticket.stderr);
      assert.match(ticket.stdout, new RegExp(`^201 [^]*"url": "${h.url}/v1/stream\\?ticket=svc_tkt_`));
    } finally {
      scratch.cleanup();
      await context.close();
    }
  });
});

describe('/docs webhook verification code', () => {
  const secret = 'whsec_teste';
  const body = JSON.stringify({ evento: 'partida.gol', gerado_em: FIXTURES_NOW, dados: { id: 1, nome: 'Ñandú' } });
  const nowMs = Date.parse(FIXTURES_NOW);
  const headers = deliveryHeaders({ evento: 'partida.gol', entregaId: 'e1', tentativa: 1, secret, body, nowMs });
  const cases = [
    { name: 'a delivery signed by svc', body, agora: nowMs, ok: true },
    { name: 'a body changed in transit', body: body.replace('Ñandú', 'Nandu'), agora: nowMs, ok: false },
    { name: 'a timestamp 301 s old', body, agora: nowMs + 301_000, ok: false },
  ];

  it('Node: accepts what svc signs, refuses a changed body and an old timestamp', async () => {
    const scratch = tempDir('svc-docs-verify-');
    try {
      const file = path.join(scratch.dir, 'verificar.mjs');
      writeFileSync(
        file,
        `${VERIFY_NODE}\nconst casos = ${JSON.stringify(cases)};\nconst h = ${JSON.stringify(headers)};\nconsole.log(JSON.stringify(casos.map((c) => entregaValida(${JSON.stringify(secret)}, h, Buffer.from(c.body), c.agora))));`,
      );
      const ran = await run(process.execPath, [file], scratch.dir);
      assert.equal(ran.code, 0, ran.stderr);
      assert.deepEqual(
        JSON.parse(ran.stdout),
        cases.map((c) => c.ok),
        cases.map((c) => c.name).join(', '),
      );
    } finally {
      scratch.cleanup();
    }
  });

  it('Python: the same', { skip: hasPython ? false : 'python3 is not installed' }, async () => {
    const scratch = tempDir('svc-docs-verify-');
    try {
      const file = path.join(scratch.dir, 'verificar.py');
      // As http.server gives them: names in their usual case.
      const canonical = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [
          k.replace(/(^|-)(\w)/g, (m) => m.toUpperCase()).replace('Svc', 'SVC'),
          v,
        ]),
      );
      writeFileSync(
        file,
        `${VERIFY_PYTHON}\n\nimport json\ncasos = json.loads(${JSON.stringify(JSON.stringify(cases))})\ncabecalhos = json.loads(${JSON.stringify(JSON.stringify(canonical))})\nprint(json.dumps([entrega_valida(${JSON.stringify(secret)}, cabecalhos, c["body"].encode(), c["agora"] / 1000) for c in casos]))\n`,
      );
      const ran = await run(PYTHON, [file], scratch.dir);
      assert.equal(ran.code, 0, ran.stderr);
      assert.deepEqual(
        JSON.parse(ran.stdout),
        cases.map((c) => c.ok),
        cases.map((c) => c.name).join(', '),
      );
    } finally {
      scratch.cleanup();
    }
  });
});
