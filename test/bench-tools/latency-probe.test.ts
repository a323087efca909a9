import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { probeLatency, summarize } from '../bench/latency-probe.js';

const servers: net.Server[] = [];
after(() => servers.forEach((s) => s.close()));

async function listen(server: net.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Blocks the event loop of this process (and so the server in it) for `ms`. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

test('a 200 ms event-loop stall of the server shows in the tail: every request due during it waits', async () => {
  let served = 0;
  let stalled = false;
  const url = await listen(
    http.createServer((_req, res) => {
      res.end('ok');
      // One freeze, once the run is under way (the 100th request is due 0.5 s into a 2 s run at 200/s).
      if (++served === 100) {
        stalled = true;
        setImmediate(() => stall(200));
      }
    }),
  );
  const r = await probeLatency({ url: `${url}/`, rate: 200, seconds: 2, connections: 8 });
  assert.ok(stalled, 'the stall was injected');
  assert.equal(r.failed, 0);
  assert.equal(r.latencies.length, 400);
  const s = summarize(r.latencies);
  // ~40 requests fell due during the freeze: waits from ~200 ms down to 0. A closed-loop client with
  // 8 connections would have seen it in only 8 requests (p99 of 400 near the normal latency).
  assert.ok(s.max >= 150, `max ${s.max} ms`);
  assert.ok(s.p999 >= 150, `p99.9 ${s.p999} ms`);
  assert.ok(s.p99 >= 100, `p99 ${s.p99} ms`);
});

test('sends exactly rate × seconds requests, each with the given headers, and times them from when they were due', async () => {
  const seen: string[] = [];
  const url = await listen(
    http.createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization}`);
      setTimeout(() => res.end('x'.repeat(100_000)), 40);
    }),
  );
  // One connection, a request due every 20 ms, each answered 40 ms after it is sent: request k (from 0) is
  // due at 20k ms and cannot be answered before 40(k + 1) ms, so it waits at least 40 + 20k ms from its due time.
  const r = await probeLatency({
    url: `${url}/v1/a?b=1`,
    rate: 50,
    seconds: 0.5,
    connections: 1,
    headers: { authorization: 'Bearer k' },
  });
  assert.equal(r.sent, 25);
  assert.equal(r.failed, 0);
  assert.equal(seen.length, 25);
  assert.deepEqual(new Set(seen), new Set(['/v1/a?b=1 Bearer k']));
  assert.equal(r.latencies.length, 25);
  // (a timer may fire up to 1 ms early)
  r.latencies.forEach((ms, k) => assert.ok(ms >= 39 + 20 * k, `request ${k}: ${ms} ms`));
});

test('a connection closed without an answer is a failed request, and the probe goes on over a new one', async () => {
  let n = 0;
  const url = await listen(
    net.createServer((socket) => {
      socket.on('data', () => {
        // Every other request is answered; the others lose their connection.
        if (n++ % 2) socket.destroy();
        else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      });
    }),
  );
  const r = await probeLatency({ url: `${url}/`, rate: 40, seconds: 0.5, connections: 2 });
  assert.equal(r.sent, 20);
  assert.equal(r.failed + r.latencies.length, 20);
  assert.equal(r.failed, 10);
});

test('requests still unanswered after the drain time are failed, not dropped', async () => {
  const url = await listen(net.createServer(() => {})); // accepts, never answers
  const r = await probeLatency({ url: `${url}/`, rate: 20, seconds: 0.2, connections: 2, drainMs: 300 });
  assert.equal(r.sent, 4);
  assert.equal(r.failed, 4);
  assert.equal(r.latencies.length, 0);
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
  const r = await probeLatency({ url: `${url}/x`, rate: 40, seconds: 0.3, connections: 2 });
  assert.equal(r.sent, 12);
  assert.equal(r.failed, 12);
  assert.equal(r.latencies.length, 0);
});

test('rejects a server that sends bytes beyond the response it was asked for', async () => {
  const url = await listen(
    net.createServer((socket) =>
      socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA')),
    ),
  );
  await assert.rejects(
    probeLatency({ url: `${url}/`, rate: 10, seconds: 0.3, connections: 1 }),
    /bytes after the response/,
  );
});

test('rejects a response head it cannot read, naming it', async () => {
  const url = await listen(
    net.createServer((socket) =>
      socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n')),
    ),
  );
  await assert.rejects(
    probeLatency({ url: `${url}/`, rate: 10, seconds: 0.3, connections: 2 }),
    /unexpected response head: HTTP\/1.1 200 OK/,
  );
});

test('rejects when the server cannot be reached', async () => {
  const server = net.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await assert.rejects(probeLatency({ url: `${url}/`, rate: 10, seconds: 0.3, connections: 2 }), {
    code: 'ECONNREFUSED',
  });
});

test('summarize: nearest-rank p50, p99, p99.9 and max over pooled values', () => {
  const values = Array.from({ length: 1000 }, (_, i) => 1000 - i);
  assert.deepEqual(summarize(values), { count: 1000, p50: 500, p99: 990, p999: 999, max: 1000 });
});
