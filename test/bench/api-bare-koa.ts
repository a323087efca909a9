/**
 * Baseline for the API benchmark: a bare Koa app serving fixed bytes with fixed headers on the same routes,
 * no auth, no quota, no logging. Run as a child process: `node --import tsx test/bench/api-bare-koa.ts
 * BODIES.json` (`{"/v1/...": {"body": "<base64>", "headers": {...}}}`: svc's own body and response headers
 * per route, so both servers write the same bytes); prints `port N` on stdout.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<
  string,
  { body: string; headers: Record<string, string> }
>;
const router = new Router();
for (const [route, { body: b64, headers }] of Object.entries(routes)) {
  const body = Buffer.from(b64, 'base64');
  router.get(route, (ctx) => {
    ctx.set(headers);
    ctx.body = body;
  });
}
const app = new Koa();
app.use(router.routes());
const server = app.listen(0, '127.0.0.1', () =>
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
