/** A real `svc serve` on port 0 over the demo fixtures, for the TUI tests and benchmark. */
import { createServer } from 'node:net';

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
