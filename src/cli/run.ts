import { handToResident } from './resident/client.js';

// `svc snapshots | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});
const args = process.argv.slice(2);
// A step the data dir's resident ingester takes runs there, warm (src/cli/resident/); anything else runs here.
// The rest of the CLI loads only when this process runs the command.
const code = (await handToResident(args)) ?? (await (await import('./main.js')).runCli(args));
// A failed command may leave handles open (a DuckDB engine, a socket): its exit code ends the process.
if (code !== 0) process.exit(code);
