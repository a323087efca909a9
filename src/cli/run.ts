import { runCli } from './main.js';

// `svc snapshots | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const code = await runCli(process.argv.slice(2));
// A failed command may leave handles open (a DuckDB engine, a socket): its exit code ends the process.
if (code !== 0) process.exit(code);
