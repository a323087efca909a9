import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Sender } from '../../src/webhooks/sender.js';

/**
 * A receiver at the socket level, to close a kept-alive connection exactly as a request arrives on it (what a
 * receiver's idle timeout does when it fires as the request goes out): `drop(connection, request)` says which
 * requests are answered by closing the connection instead (both counted from 1); the rest get a 200.
 */
class RawReceiver {
  connections = 0;
  requests = 0;
  drop: (connection: number, request: number) => boolean = () => false;
  private readonly server = net.createServer((socket) => {
    const connection = ++this.connections;
    let onThis = 0;
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(pending.subarray(0, end).toString())?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        pending = pending.subarray(end + 4 + length);
        this.requests++;
        if (this.drop(connection, ++onThis)) {
          socket.destroy();
          return;
        }
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok');
      }
    });
    socket.on('error', () => undefined);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}/hook`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('Sender on kept-alive connections', () => {
  let receiver: RawReceiver;
  let url: string;
  before(async () => {
    receiver = new RawReceiver();
    url = await receiver.start();
  });
  after(() => receiver.stop());

  it('a request on a kept connection the receiver closes as it arrives goes again at once, on a new one', async () => {
    receiver.connections = 0;
    receiver.requests = 0;
    receiver.drop = (connection, request) => connection === 1 && request === 2;
    const sender = new Sender({ allowPrivate: true, maxSockets: 1 });
    try {
      assert.equal((await sender.send(url, '{"n":1}', {})).statusCode, 200);
      const second = await sender.send(url, '{"n":2}', {});
      assert.deepEqual(
        { statusCode: second.statusCode, erro: second.erro, resposta: second.resposta },
        { statusCode: 200, erro: null, resposta: 'ok' },
      );
      assert.deepEqual(
        { connections: receiver.connections, requests: receiver.requests },
        { connections: 2, requests: 3 },
      );
    } finally {
      sender.close();
    }
  });

  it('a new connection closed on its first request is a failed attempt, not sent twice', async () => {
    receiver.connections = 0;
    receiver.requests = 0;
    receiver.drop = () => true;
    const sender = new Sender({ allowPrivate: true, maxSockets: 1 });
    try {
      const result = await sender.send(url, '{"n":1}', {});
      assert.deepEqual(
        { statusCode: result.statusCode, erro: result.erro },
        { statusCode: null, erro: 'falha de conexão: ECONNRESET' },
      );
      assert.deepEqual(
        { connections: receiver.connections, requests: receiver.requests },
        { connections: 1, requests: 1 },
      );
    } finally {
      sender.close();
    }
  });

  it('a receiver that closes every kept connection as requests arrive: the retries end on a new connection', async () => {
    receiver.connections = 0;
    receiver.requests = 0;
    // Four connections kept alive by four sends at once; then each is closed on its next request.
    receiver.drop = (connection, request) => connection <= 4 && request === 2;
    const sender = new Sender({ allowPrivate: true, maxSockets: 4 });
    try {
      const first = await Promise.all([1, 2, 3, 4].map((n) => sender.send(url, `{"n":${n}}`, {})));
      assert.deepEqual(
        first.map((r) => r.statusCode),
        [200, 200, 200, 200],
      );
      const again = await sender.send(url, '{"n":5}', {});
      assert.equal(again.statusCode, 200);
      assert.equal(again.erro, null);
    } finally {
      sender.close();
    }
  });
});
