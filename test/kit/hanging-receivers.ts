import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * Webhook receivers that accept the connection, read the request and never answer: each holds a sending slot
 * until the sender gives up (a receiver down without closing, a firewall eating packets, a stuck app). One
 * listening socket per receiver, as separate hosts are.
 */
export async function startHangingReceivers(
  count: number,
): Promise<{ urls: string[]; accepted(): number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const servers: Server[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const server = createServer((socket) => {
      sockets.add(socket);
      accepted += 1;
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      socket.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/pendura/${i}`);
  }
  return {
    urls,
    /** Connections accepted so far: the sends they held. */
    accepted: () => accepted,
    async stop() {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
