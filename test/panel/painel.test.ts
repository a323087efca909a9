import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { examplePayload } from '../../src/api/openapi/event-examples.js';
import { accountsStoreOn } from '../../src/control/accounts-store.js';
import { sqliteSql } from '../../src/control/sql/control-sql.js';
import { openControlDb } from '../../src/control/database.js';
import { verifyDelivery } from '../../src/webhooks/verify.js';
import { FIXTURES_NOW } from '../kit/fixtures.js';
import { copyDemoDataDir } from '../kit/ingest.js';
import { type SvcProcess, startServeProcess } from '../kit/svc.js';
import { Receiver } from '../kit/receiver.js';
import { testDataDir, type TestDataDir } from '../kit/dirs.js';
import { launchChromium } from '../kit/browser.js';

/** Screenshots go here (look at them after a UI change): SVC_PANEL_SCREENSHOTS or a folder in the temp data dir. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The control panel in a real browser (Debian's Chromium driven by playwright-core) against a real
 * `svc serve --webhooks` over the demo data and a real webhook receiver on loopback. One browser for the
 * whole file; every request the page makes must stay on this host, and the console must stay clean.
 */
describe('control panel /painel (Chromium)', () => {
  let dataDir: TestDataDir;
  let server: SvcProcess;
  let base: string;
  let key: string;
  let receiver: Receiver;
  let hookUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shots: string;
  /** The webhook's current secret, as the panel showed it after the rotation. */
  let secret = '';
  /** The secret before the rotation, still signing during the overlap chosen in the panel. */
  let previous = '';
  const consoleErrors: string[] = [];
  const offHost: string[] = [];

  before(async () => {
    dataDir = testDataDir();
    shots = process.env.SVC_PANEL_SCREENSHOTS ?? path.join(dataDir.root, 'screenshots');
    mkdirSync(shots, { recursive: true });
    await copyDemoDataDir(dataDir.root);
    const db = await openControlDb(dataDir.controlDb);
    const accounts = accountsStoreOn(sqliteSql(db));
    ({ key } = await accounts.createKey((await accounts.createAccount('acme', 'pro')).id, 'painel'));
    db.close();
    receiver = new Receiver();
    hookUrl = await receiver.start();
    ({ server, url: base } = await startServeProcess(dataDir.root, ['--webhooks', '--allow-private-urls']));
    browser = await launchChromium();
    // A zone of its own, so "local time" in the page is not UTC by accident.
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    // Nothing leaves the host: any other destination is aborted and fails the test at the end.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || LOOPBACK.has(url.hostname)) return route.continue();
      offHost.push(url.href);
      return route.abort();
    });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (err) => consoleErrors.push(String(err)));
  });

  after(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await server?.exited;
    await receiver?.stop();
    dataDir?.cleanup();
  });

  /** The whole page on a desktop; on a phone, the first screen (what is seen before scrolling). */
  const shot = (name: string) =>
    page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: (page.viewportSize()?.width ?? 0) > 390 });
  const nav = (name: string) => page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name });
  /** A result line with `text`, wherever it is (each is placed beside the control that caused it). */
  const status = (text: string | RegExp, within = page.locator('main')) =>
    within.locator('p[role="status"]', { hasText: text });
  const card = (nome: string) =>
    page.locator('ul.webhooks > li', { has: page.getByRole('heading', { name: nome, exact: true }) });
  async function apiGet(p: string): Promise<any> {
    const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${key}` } });
    return res.json();
  }

  it('is served with a strict Content-Security-Policy and no inline code', async () => {
    const res = await fetch(`${base}/painel`);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const d of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"])
      assert.ok(csp.includes(d), `${d} in ${csp}`);
    assert.ok(!csp.includes('unsafe'), csp);
    const html = await res.text();
    assert.doesNotMatch(html, /<script>|<style|style=/, 'no inline script or style');
    const script = /src="(\/painel\/app-\w+\.js)"/.exec(html)?.[1];
    const js = await fetch(`${base}${script}`);
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(js.headers.get('cache-control') ?? '', /immutable/);
    assert.equal((await fetch(`${base}/painel/nada.js`)).status, 404);
  });

  it('signs in with the keyboard; a wrong key is refused with the API message', async () => {
    await page.goto(`${base}/painel`);
    await page.getByLabel('Chave de API').waitFor(); // the app has rendered (its script is a module, run after load)
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'chave', 'the key field is the first stop');
    await page.keyboard.type('sk_errada');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'API Key inválida ou inativa' }).waitFor();
    // The browser logs the refused request itself; that one is expected.
    assert.deepEqual(
      consoleErrors.splice(0).filter((e) => !/status of 401/.test(e)),
      [],
    );

    await page.getByLabel('Chave de API').fill(key);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('svc.painel.chave')), key);
    assert.equal(await page.evaluate(() => document.cookie), '');
    assert.ok(!page.url().includes(key));
  });

  it('overview: plan, limits, consumption today, 30-day chart, per-endpoint usage, recent requests', async () => {
    const me = (await apiGet('/v1/me')).data;
    await apiGet('/v1/campeonatos'); // one counted request: /v1/me and the usage endpoints never count
    await page.getByRole('button', { name: 'Atualizar' }).click();
    const cards = page.getByRole('region', { name: 'Plano e consumo' });
    await cards.getByText('Pro', { exact: true }).waitFor();
    assert.match((await cards.textContent()) ?? '', /20\.000requisições por dia/);
    // Consumption is the key's count today: at least what /v1/me said a moment ago, plus the request since. The
    // card shows the earlier answer until the refresh lands: wait for the refreshed value, not for a moment.
    const expected = me.consumo.requisicoes_utilizadas + 1;
    const consumo = cards.locator('.cartao', { hasText: 'Consumo hoje' }).locator('.valor');
    await page.waitForFunction(([el, n]) => Number((el as Element).textContent?.replace(/\D/g, '')) >= (n as number), [
      await consumo.elementHandle(),
      expected,
    ] as const);
    const used = Number((await consumo.textContent())?.replace(/\D/g, ''));
    assert.ok(used >= expected, `${used} ≥ ${expected}`);
    assert.equal(await page.locator('svg[role="img"] rect.barra').count(), 30);
    await page.getByText('GET /v1/me', { exact: true }).first().waitFor();
    await page.getByRole('cell', { name: '/v1/perfil/estatisticas' }).first().waitFor();
    await shot('visao-geral-desktop');
  });

  it('creates a webhook and shows its secret once (copy button), rotates it, renders names as text', async () => {
    await nav('Webhooks').click();
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Novo webhook' }) });
    await form.getByLabel('Nome').fill('receptor local');
    await form.getByLabel(/^URL/).fill(hookUrl);
    await form.getByRole('checkbox', { name: 'partida.criada' }).uncheck();
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    const box = page.getByRole('region', { name: /Secret do webhook/ });
    const first = await box.getByLabel('Secret').inputValue();
    assert.match(first, /^whsec_[0-9a-f]{64}$/);
    await box.getByRole('button', { name: 'Copiar' }).click();
    await box.getByText('Copiado para a área de transferência.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), first);
    await shot('webhook-criado-desktop');
    await box.getByRole('button', { name: 'Já guardei o secret' }).click();
    assert.ok(!(await page.content()).includes(first), 'the secret is gone once the box is closed');
    const created = card('receptor local');
    const subscribed = (await created.locator('dt:text-is("Eventos") + dd').textContent()) ?? '';
    assert.match(subscribed, /partida\.ao_vivo/);
    assert.doesNotMatch(subscribed, /partida\.criada/);

    // Rotate, the previous secret still signing for an hour (X-SVC-Assinatura-Anterior).
    await created.getByRole('button', { name: 'Rotacionar secret' }).click();
    await created.getByLabel('Secret anterior válido por').selectOption({ label: '1 hora' });
    await created.screenshot({ path: path.join(shots, 'rotacao-desktop.png') });
    await created.getByRole('button', { name: 'Confirmar rotação' }).click();
    const rotatedBox = page.getByRole('region', { name: /Novo secret/ });
    const rotated = await rotatedBox.getByLabel('Secret').inputValue();
    assert.notEqual(rotated, first);
    await rotatedBox.getByText(/X-SVC-Assinatura-Anterior/).waitFor();
    await page.getByRole('button', { name: 'Já guardei o secret' }).click();
    secret = rotated;
    previous = first;

    // Edit URL and events; deactivate and activate again.
    await created.getByRole('button', { name: 'Editar' }).click();
    await created.getByLabel(/^URL/).fill(`${hookUrl}?v=2`);
    await created.getByRole('checkbox', { name: 'partida.gol' }).uncheck();
    await created.getByRole('button', { name: 'Salvar' }).click();
    await status('atualizado', created).waitFor();
    await created.getByText(`${hookUrl}?v=2`).waitFor();
    const edited = (await apiGet('/v1/webhooks')).data.find((w: { nome: string }) => w.nome === 'receptor local');
    assert.equal(edited.url, `${hookUrl}?v=2`);
    assert.deepEqual(edited.eventos.includes('partida.gol'), false);
    await created.getByRole('button', { name: 'Desativar' }).click();
    await created.getByText('Desativado pelo cliente').waitFor();
    await created.getByRole('button', { name: 'Ativar' }).click();
    await created.getByText('Ativo', { exact: true }).waitFor();

    // A name is text, never markup.
    const tricky = '<img src=x onerror=alert(1)>';
    await form.getByLabel('Nome').fill(tricky);
    await form.getByLabel(/^URL/).fill(hookUrl);
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    await page.getByRole('button', { name: 'Já guardei o secret' }).click();
    await card(tricky).waitFor();
    assert.equal(await page.locator('main img').count(), 0);
    await card(tricky).getByRole('button', { name: 'Excluir' }).click();
    await card(tricky).getByRole('button', { name: 'Confirmar exclusão' }).click();
    await status('excluído').waitFor();
    await card(tricky).waitFor({ state: 'detached' });
  });

  it('sends a test, shows it in the delivery log with its signed body, and resends it', async () => {
    const hook = card('receptor local');
    await hook.getByRole('button', { name: 'Enviar teste' }).click();
    await status('Entrega de teste enfileirada', hook).waitFor();
    await receiver.waitFor(1);
    const sent = receiver.requests[0];
    assert.deepEqual(
      verifyDelivery({
        secret,
        body: sent?.body ?? '',
        timestamp: String(sent?.headers['x-svc-timestamp']),
        signature: String(sent?.headers['x-svc-assinatura']),
      }),
      { ok: true },
    );
    assert.deepEqual(
      verifyDelivery({
        secret: previous,
        body: sent?.body ?? '',
        timestamp: String(sent?.headers['x-svc-timestamp']),
        signature: String(sent?.headers['x-svc-assinatura-anterior']),
      }),
      { ok: true },
    );

    await hook.getByRole('link', { name: 'Entregas' }).click();
    await page.getByRole('heading', { name: 'Entregas de “receptor local”' }).waitFor();
    const row = page.locator('table.entregas tbody tr').first();
    await row.getByText('Entregue').waitFor(); // followed while pending
    assert.match((await row.textContent()) ?? '', /webhook\.teste.*Teste.*Entregue.*1.*200/);
    await row.getByRole('button', { name: 'Detalhes' }).click();
    assert.equal(
      await page.locator('pre.corpo').first().textContent(),
      JSON.stringify(JSON.parse(sent?.body ?? ''), null, 2),
      'the body laid out for reading',
    );
    assert.equal(await page.locator('pre.corpo.exato').textContent(), sent?.body, 'the exact signed body, as text');
    assert.match((await page.locator('ol.historico li').textContent()) ?? '', /^Tentativa 1 · Teste · .* · HTTP 200/);

    await row.getByRole('button', { name: 'Reenviar' }).click();
    await status('Reenvio na fila', row).waitFor();
    await receiver.waitFor(2);
    const again = receiver.requests[1];
    assert.equal(again?.headers['x-svc-entrega'], sent?.headers['x-svc-entrega']);
    assert.notEqual(again?.headers['x-svc-assinatura'], undefined);
    assert.deepEqual(
      verifyDelivery({
        secret,
        body: again?.body ?? '',
        timestamp: String(again?.headers['x-svc-timestamp']),
        signature: String(again?.headers['x-svc-assinatura']),
      }),
      { ok: true },
    );
    await page
      .locator('table.entregas tbody tr')
      .first()
      .locator('td[data-label="Tentativas"]', { hasText: '2' })
      .waitFor();
    const details = page.locator('table.entregas tbody tr').first().getByRole('button', { name: 'Detalhes' });
    await details.click();
    await details.click();
    await page.locator('ol.historico li').nth(1).waitFor();
    assert.deepEqual(await page.locator('ol.historico li .origem').allTextContents(), [
      'Teste',
      'Reenvio (painel ou API)',
    ]);
    await shot('entregas-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('entregas-390');
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 390),
      'no sideways scrolling at 390 px',
    );
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('sends a test of a chosen event with the example payload of the docs', async () => {
    await nav('Webhooks').click();
    const hook = card('receptor local');
    const before = receiver.requests.length;
    await hook.getByLabel('Evento do teste').selectOption('partida.gol');
    await hook.getByRole('button', { name: 'Enviar teste' }).click();
    await hook.getByText('Um gol foi marcado. Vai com o payload de exemplo da documentação.').waitFor();
    await status('Entrega de teste de partida.gol enfileirada', hook).waitFor();
    await receiver.waitFor(before + 1);
    const sent = receiver.requests[before];
    assert.equal(sent?.headers['x-svc-evento'], 'partida.gol');
    assert.deepEqual(JSON.parse(sent?.body ?? '').dados, examplePayload('partida.gol').dados);
    await nav('Visão geral').click();
  });

  it("new webhook form: the event catalogue with descriptions and the docs' example payloads; a refusal at its field", async () => {
    await nav('Webhooks').click();
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Novo webhook' }) });
    const gol = form.locator('.evento', { has: page.getByRole('checkbox', { name: 'partida.gol' }) });
    await gol.getByText('Um gol foi marcado.').waitFor();
    await gol.getByText('Exemplo de payload').click();
    assert.deepEqual(JSON.parse((await gol.locator('pre').textContent()) ?? ''), examplePayload('partida.gol'));
    assert.equal(await form.locator('.evento .nota').count(), 8, 'every event is described');

    await form.getByLabel('Nome').fill('recusado');
    await form.getByLabel(/^URL/).fill('ftp://127.0.0.1/hook');
    await form.getByRole('button', { name: 'Criar webhook' }).click();
    const url = form.getByLabel(/^URL/);
    await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await url.elementHandle());
    const describedBy = (await url.getAttribute('aria-describedby')) ?? '';
    const message = form.locator(`[id="${describedBy}"]`);
    assert.match((await message.textContent()) ?? '', /^O campo url deve usar HTTPS/);
    // The message sits right under its field, not at the top of the page.
    const [field, below] = await Promise.all([url.boundingBox(), message.boundingBox()]);
    assert.ok(field && below && below.y >= field.y + field.height && below.y - (field.y + field.height) < 40);
    assert.equal(await url.inputValue(), 'ftp://127.0.0.1/hook', 'what was typed is kept');
    // The browser logs the refused request itself; that one is expected.
    assert.deepEqual(
      consoleErrors.splice(0).filter((e) => !/status of 400/.test(e)),
      [],
    );
    await form.screenshot({ path: path.join(shots, 'novo-webhook-catalogo-desktop.png') });
    await form.getByLabel('Nome').fill('');
    await url.fill('');
  });

  it('deliveries: filter by event and status, search by a start of the id, pages past 50, recover failures since a moment', async () => {
    const hook = (await apiGet('/v1/webhooks')).data.find((w: { nome: string }) => w.nome === 'receptor local');
    const first = receiver.requests[0]?.headers['x-svc-entrega'] as string;
    // History the panel pages through: 55 old deliveries, and 3 event deliveries that failed (two after the moment).
    const db = await openControlDb(dataDir.controlDb);
    const { conta_id } = db.prepare('SELECT conta_id FROM webhooks WHERE id = ?').get(hook.id) as { conta_id: number };
    const insert = db.prepare(
      `INSERT INTO entregas (id, webhook_id, conta_id, evento, corpo, origem, status, tentativas, criada_em, ultimo_status_code, ultimo_erro)
       VALUES (?, ?, ?, ?, ?, 'automatica', ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < 55; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      insert.run(
        id,
        hook.id,
        conta_id,
        'partida.criada',
        '{"evento":"partida.criada"}',
        'entregue',
        1,
        '2026-11-01T12:00:00.000+00:00',
        200,
        null,
      );
    }
    const failed = [
      '2026-11-22T12:00:00.000+00:00',
      '2026-11-22T12:30:00.000+00:00',
      '2026-11-21T12:00:00.000+00:00',
    ].map((at, i) => {
      const id = `ffffffff-0000-4000-8000-${String(i).padStart(12, '0')}`;
      insert.run(id, hook.id, conta_id, 'partida.gol', '{"evento":"partida.gol"}', 'falhou', 8, at, 500, 'HTTP 500');
      return id;
    });
    db.close();

    await page.goto(`${base}/painel#/webhooks/${hook.id}/entregas`);
    await page.getByRole('heading', { name: 'Entregas de “receptor local”' }).waitFor();
    const summary = page.locator('main p.nota[aria-live]');
    await summary.filter({ hasText: /página 1 de 2/ }).waitFor();
    assert.equal(await page.locator('table.entregas > tbody > tr').count(), 50);
    await page.getByRole('button', { name: 'Mais antigas →' }).click();
    await summary.filter({ hasText: /página 2 de 2/ }).waitFor();
    const total = Number(/^(\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
    assert.equal(await page.locator('table.entregas > tbody > tr').count(), total - 50);

    await page.getByLabel('Evento').selectOption('partida.gol');
    // The three failures and the test of partida.gol sent earlier.
    await summary.filter({ hasText: '4 entrega(s) com esses filtros · página 1 de 1' }).waitFor();
    await page.getByLabel('Status').selectOption('falhou');
    await summary.filter({ hasText: '3 entrega(s) com esses filtros' }).waitFor();
    await page.getByLabel('Evento').selectOption('');
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('ID da entrega (ou o começo)').fill(first.slice(0, 8));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await summary.filter({ hasText: '1 entrega(s) com esses filtros' }).waitFor();
    assert.match((await page.locator('table.entregas > tbody > tr').first().textContent()) ?? '', /webhook\.teste/);
    await page.getByLabel('ID da entrega (ou o começo)').fill('');
    await page.getByRole('button', { name: 'Buscar' }).click();

    // 22/11/2026 00:00 in São Paulo is 03:00 UTC: the two failures of the 22nd go again, the one of the 21st does not.
    receiver.reply = () => ({ status: 200, body: 'recebido, obrigado' });
    const before = receiver.requests.length;
    const recover = page.getByRole('region', { name: 'Reenviar falhas desde…' });
    await recover.getByLabel('Reenviar falhas desde').fill('2026-11-22T00:00');
    await recover.getByRole('button', { name: 'Reenviar falhas' }).click();
    await status(
      '2 entrega(s) que falharam ou foram descartadas desde 22/11/2026, 00:00 voltaram para a fila.',
      recover,
    ).waitFor();
    await receiver.waitFor(before + 2);
    assert.deepEqual(
      receiver.requests
        .slice(before)
        .map((r) => r.headers['x-svc-entrega'])
        .sort(),
      failed.slice(0, 2).sort(),
    );
    await recover.screenshot({ path: path.join(shots, 'reenviar-falhas-desktop.png') });

    // The timeline of a recovered delivery: the new attempt, numbered after the eight, with what went out and came back.
    await page.getByLabel('ID da entrega (ou o começo)').fill(failed[0] as string);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await summary.filter({ hasText: '1 entrega(s) com esses filtros' }).waitFor();
    const row = page.locator('table.entregas > tbody > tr', { hasText: 'Entregue' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Detalhes' }).click();
    const attempt = page.locator('ol.historico li').last();
    await attempt.getByText('recebido, obrigado').waitFor();
    assert.match(
      (await attempt.locator('.cabeca').textContent()) ?? '',
      /^Tentativa 9 · Reenvio \(painel ou API\) · .* · HTTP 200 em/,
    );
    await attempt.getByText('Cabeçalhos enviados').click();
    const sent = receiver.requests.find((r) => r.headers['x-svc-tentativa'] === '9');
    for (const name of ['x-svc-assinatura', 'x-svc-timestamp', 'x-svc-entrega'])
      await attempt.locator('dt', { hasText: name }).locator('+ dd').getByText(String(sent?.headers[name])).waitFor();
    receiver.reply = () => ({ status: 200 });
    await shot('entregas-timeline-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('ol.historico').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'entregas-timeline-390.png') });
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 390),
      'no sideways scrolling at 390 px',
    );
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('re-enables a webhook deactivated permanently after repeated failures', async () => {
    const res = await fetch(`${base}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'quebrado', url: hookUrl }),
    });
    const createdBody = (await res.json()) as { data: { id: number } };
    assert.equal(res.status, 201, JSON.stringify(createdBody));
    const { id } = createdBody.data;
    // The state the daemon leaves after its third temporary deactivation with no success in between.
    const db = await openControlDb(dataDir.controlDb);
    db.prepare(
      `UPDATE webhooks SET ativo = 0, desativado_em = ?, reativar_em = NULL, desativacoes_seguidas = 3, falhas_consecutivas = 20,
         motivo_desativacao = '3 desativações temporárias sem nenhuma entrega bem-sucedida: desativado até ser reativado pelo cliente' WHERE id = ?`,
    ).run(new Date().toISOString(), id);
    db.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await nav('Webhooks').click();
    const broken = card('quebrado');
    await broken.getByText('desativado até ser reativado pelo cliente').waitFor();
    await shot('webhooks-390');
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 390),
      'no sideways scrolling at 390 px',
    );
    await broken.getByRole('button', { name: 'Reativar' }).click();
    await broken.getByText('Ativo', { exact: true }).waitFor();
    assert.equal((await apiGet(`/v1/webhooks/${id}`)).data.ativo, true);
    assert.match((await page.getByText(/Entregas do mês/).textContent()) ?? '', /\d{2}\/\d{4}/);

    await nav('Visão geral').click();
    await page.getByRole('heading', { name: 'Visão geral' }).waitFor();
    await page.getByText('Consumo hoje').waitFor();
    await shot('visao-geral-390');
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 390),
      'no sideways scrolling at 390 px',
    );
  });

  // Last but one: the page's clock stays fixed from here on.
  it('a time still ahead reads as local time and how far off it is', async () => {
    const hook = (await apiGet('/v1/webhooks')).data.find((w: { nome: string }) => w.nome === 'receptor local');
    // The daemon's temporary deactivation, as the page would see it at a fixed moment three hours before its end.
    const now = Date.parse(FIXTURES_NOW);
    const db = await openControlDb(dataDir.controlDb);
    db.prepare(
      `UPDATE webhooks SET ativo = 0, desativado_em = ?, reativar_em = '2999-01-01T00:00:00.000+00:00', motivo_desativacao = ? WHERE id = ?`,
    ).run(
      FIXTURES_NOW,
      `20 entregas consecutivas falharam: reativado em ${new Date(now + 3 * 3_600_000).toISOString()}`,
      hook.id,
    );
    db.close();
    await page.clock.setFixedTime(now);
    await nav('Webhooks').click();
    await page.reload();
    const reason = card('receptor local').locator('.motivo');
    await reason.filter({ hasText: /reativado em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(em 3 horas\)$/ }).waitFor();
    assert.doesNotMatch((await reason.textContent()) ?? '', /T\d{2}:/, 'no raw ISO date');
    await card('receptor local').getByRole('button', { name: 'Reativar' }).click();
    await card('receptor local').getByText('Ativo', { exact: true }).waitFor();
    await nav('Visão geral').click();
  });

  it('signs out: the key leaves the session', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByLabel('Chave de API').waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('svc.painel.chave')), null);
    assert.deepEqual(consoleErrors, [], 'no console errors');
    assert.deepEqual(offHost, [], 'no request left the host');
  });
});
