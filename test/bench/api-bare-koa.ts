/**
 * Baseline for the API benchmark: a bare Koa app serving fixed bytes on the same routes, no auth, no quota,
 * no logging. Run as a child process: `node --import tsx test/bench/api-bare-koa.ts BODIES.json`
 * (`{"/v1/...": "<base64 body>"}`); prints `port N` on stdout.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>;
const router = new Router();
for (const [route, b64] of Object.entries(bodies)) {
  const body = Buffer.from(b64, 'base64');
  router.get(route, (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = body;
  });
}
const app = new Koa();
app.use(router.routes());
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
