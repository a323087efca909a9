import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { probeLatency } from '../bench/latency-probe.js';

const servers: net.Server[] = [];
after(() => servers.forEach((s) => s.close()));

async function listen(server: net.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('times each response from request to last body byte and counts every one the server sent in time', async () => {
  let served = 0;
  const seen: string[] = [];
  const url = await listen(
    http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      setTimeout(() => {
        served++;
        res.end('x'.repeat(100_000));
      }, 40);
    }),
  );
  const r = await probeLatency({ url: `${url}/v1/a?b=1`, connections: 3, seconds: 0.5, headers: { authorization: 'Bearer k' } });
  assert.equal(r.failed, 0);
  assert.ok(r.requests > 0);
  // A connection ends once its response in flight at the deadline is in, and that response counts too.
  assert.equal(r.requests, served);
  // No response can come back sooner than the server's 40 ms delay (a timer may fire up to 1 ms early).
  assert.ok(r.p99Ms >= 39, `p99 ${r.p99Ms}`);
  assert.deepEqual(new Set(seen), new Set(['/v1/a?b=1 Bearer k']));
});

test('reads a head split over several packets and counts 4xx/5xx as failed', async () => {
  const url = await listen(
    net.createServer((socket) => {
      let pending = '';
      socket.on('data', (d) => {
        pending += d.toString('latin1');
        while (pending.includes('\r\n\r\n')) {
          pending = pending.slice(pending.indexOf('\r\n\r\n') + 4);
          socket.write('HTTP/1.1 404 Not Found\r\nContent-Le');
          setTimeout(() => socket.write('ngth: 5\r\n\r\nab'), 5);
          setTimeout(() => socket.write('cde'), 10);
        }
      });
    }),
  );
  const r = await probeLatency({ url: `${url}/x`, connections: 2, seconds: 0.3 });
  assert.ok(r.requests > 0);
  assert.equal(r.failed, r.requests);
});

test('rejects a server that sends bytes beyond the response it was asked for', async () => {
  const url = await listen(
    net.createServer((socket) => socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA'))),
  );
  await assert.rejects(probeLatency({ url: `${url}/`, connections: 1, seconds: 0.3 }), /bytes after the response/);
});

test('rejects a response head it cannot read, naming it', async () => {
  const url = await listen(net.createServer((socket) => socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'))));
  await assert.rejects(probeLatency({ url: `${url}/`, connections: 2, seconds: 0.3 }), /unexpected response head: HTTP\/1.1 200 OK/);
});

test('rejects when the server cannot be reached', async () => {
  const server = net.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await assert.rejects(probeLatency({ url: `${url}/`, connections: 2, seconds: 0.3 }), { code: 'ECONNREFUSED' });
});
