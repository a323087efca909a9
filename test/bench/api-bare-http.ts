/**
 * Floor for the API's CPU per request: `node:http` serving fixed bytes with fixed headers on exact paths, no
 * router, no framework. Run as a child process like api-bare-koa.ts (same BODIES.json); prints `port N`.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<
  string,
  { body: string; headers: Record<string, string> }
>;
const prepared = new Map(
  Object.entries(routes).map(([route, { body, headers }]) => {
    const bytes = Buffer.from(body, 'base64');
    return [route, { bytes, headers: [...Object.entries(headers).flat(), 'Content-Length', String(bytes.length)] }];
  }),
);
const server = createServer((req, res) => {
  const r = prepared.get((req.url ?? '').split('?')[0]!);
  if (!r) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, r.headers);
  res.end(r.bytes);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
