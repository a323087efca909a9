/** Loopback ports for tests: one with nothing listening, one already taken. */
import { createServer, type Server } from 'node:net';

/** A loopback port that was free a moment ago and has nothing listening now. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server holding a loopback port (for "port in use" cases); close it when done. */
export async function busyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: (server.address() as { port: number }).port, server };
}
