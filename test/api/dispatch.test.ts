import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDispatch, type Endpoint } from '../../src/api/dispatch.js';
import { PathRouter } from '../../src/api/http/router.js';
import { ApiMetrics } from '../../src/api/metrics.js';
import { cors } from '../../src/api/middleware/cors.js';
import { UsageMeter } from '../../src/api/usage-meter.js';
import { openSqliteControlPlane, type ControlPlane } from '../../src/control/control-plane.js';
import { tempDir } from '../kit/dirs.js';
import { memoryLog } from '../kit/log.js';

/**
 * The request cycle's guarantees for handlers that misbehave, on a real server: whatever a handler does, the client
 * gets the API's error shape (never a hanging request or a stack trace) and the access log names what happened.
 */
describe('dispatch: a handler that misbehaves', () => {
  const dir = tempDir();
  const { log, records } = memoryLog();
  let control: ControlPlane;
  let server: http.Server;
  let base: string;

  before(async () => {
    control = await openSqliteControlPlane(path.join(dir.dir, 'control.db'));
    const router = new PathRouter<Endpoint>();
    const add = (template: string, run: Endpoint['run']) => router.add('get', template, { template, run });
    add('/silente', () => {});
    add('/silente-depois', async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    add('/lanca', () => {
      throw new Error('segredo interno: /etc/senha');
    });
    add('/lanca-no-meio', (ctx) => {
      ctx.res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      ctx.res.write('data: 1\n\n');
      throw new Error('falhou com a resposta já começada');
    });
    const handle = createDispatch({
      router,
      cors: cors(),
      log,
      usage: new UsageMeter(control.usage),
      metrics: new ApiMetrics(
        () => null,
        (now) => control.deliveryStats(now),
      ),
      proxy: false,
    });
    server = http.createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await control.close();
    dir.cleanup();
  });

  const logged = (p: string) => records.filter((r) => r.path === p);

  for (const p of ['/silente', '/silente-depois']) {
    it(`${p}: a handler that sends nothing answers 500 "Erro interno", logged with the route`, {
      timeout: 10_000,
    }, async () => {
      const r = await fetch(`${base}${p}`);
      assert.equal(r.status, 500);
      const body = (await r.json()) as { erro: string; mensagem: string };
      assert.equal(body.erro, 'Erro interno');
      assert.ok(r.headers.get('x-request-id'));
      const errors = records.filter((x) => String(x.err ?? '').includes(`GET ${p}: the handler sent no response`));
      assert.equal(errors.length, 1, JSON.stringify(records));
      assert.deepEqual(
        logged(p).map((x) => x.status),
        [500],
      );
    });
  }

  it('a handler that throws answers 500 without its message', async () => {
    const r = await fetch(`${base}/lanca`);
    assert.equal(r.status, 500);
    const text = await r.text();
    assert.doesNotMatch(text, /segredo interno/);
    assert.equal((JSON.parse(text) as { erro: string }).erro, 'Erro interno');
  });

  it('a handler that throws after its response started ends that response instead of writing an error into it', async () => {
    const r = await fetch(`${base}/lanca-no-meio`);
    assert.equal(r.status, 200);
    assert.equal(await r.text(), 'data: 1\n\n');
  });
});
