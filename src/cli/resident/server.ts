import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import type { DataDir } from '../../data-dir.js';
import {
  buildId,
  environmentDifference,
  environmentDigest,
  fileIdentities,
  PROTOCOL,
  residentSocket,
  type StepFrame,
  type StepRequest,
} from './protocol.js';

export interface ResidentOptions {
  dataDir: DataDir;
  /** Runs one step as `svc` would in its own process (the command line after `svc`), resolving with its exit code. */
  run(argv: readonly string[]): Promise<number>;
  /** Stops taking steps; the one under way finishes and answers first. */
  signal: AbortSignal;
  /** One line per step, and the resident's own messages (its stderr). */
  log(line: string): void;
}

/** A request line longer than this is not a client's. */
const MAX_REQUEST_BYTES = 1 << 20;

/**
 * `svc ingest --resident`: listens on the data dir's socket and runs the `svc ingest` steps handed to it, one at a
 * time, in this process, where DuckDB's publish engine, the feed validators and V8's compiled code stay warm.
 * A step arriving while another runs is refused, and its client runs it itself (and meets the ingest lock exactly
 * as it would have: exit 5). Resolves once stopped, with the socket removed.
 */
export async function serveResident(o: ResidentOptions): Promise<void> {
  const file = residentSocket(o.dataDir);
  if (file === null)
    throw new CliError(
      `caminho da pasta de dados longo demais para o socket do ingest residente (${o.dataDir.root}); use um caminho mais curto`,
      EXIT.usage,
    );
  if (await answers(file)) throw new CliError(`já há um ingest residente nesta pasta de dados (${file})`, EXIT.locked);
  rmSync(file, { force: true }); // left by a resident that was killed
  const build = buildId();
  const ambiente = environmentDigest();
  let running: Promise<void> | null = null;
  const server = createServer((socket) => {
    socket.on('error', () => undefined); // a client gone mid-step: the step still finishes
    readRequest(socket, (request) => {
      const refusal = refusalOf(request);
      if (request?.consulta === true)
        return answer(socket, refusal === null ? { aceitaria: true } : { recusado: refusal }, true);
      if (refusal !== null || request === null) {
        answer(socket, { recusado: refusal ?? '' }, true);
        // Said here too: a cron's steps that never reach the resident show why in its log.
        return o.log(
          `svc ingest: passo${request ? ` do pid ${request.pid}` : ''} recusado (${refusal}); roda no próprio processo`,
        );
      }
      running = runStep(o, request, socket).finally(() => {
        running = null;
      });
    });
  });
  const refusalOf = (request: StepRequest | null): string | null => {
    if (request === null || request.protocolo !== PROTOCOL) return 'pedido inválido';
    if (request.build !== build) return 'outra versão do svc';
    const differ = environmentDifference(request.ambiente ?? {}, ambiente);
    if (differ.length > 0) return `ambiente diferente do residente: ${differ.join(', ')}`;
    const seen = fileIdentities(request.argv ?? [], request.cwd ?? '/');
    const other = Object.keys(seen).filter((word) => seen[word] !== request.arquivos?.[word]);
    if (other.length > 0) return `vê outros arquivos que o cliente: ${other.join(', ')}`;
    if (running !== null) return 'ocupado com outro passo';
    return o.signal.aborted ? 'encerrando' : null;
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  // Steps run as this user, with this user's settings: nobody else may hand one.
  chmodSync(file, 0o600);
  o.log(`svc ingest: residente em ${file}; atende os \`svc ingest\` desta pasta de dados (SIGTERM encerra)`);
  await new Promise<void>((resolve) => {
    if (o.signal.aborted) resolve();
    else o.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await running;
  rmSync(file, { force: true });
  await closed;
}

/** Whether a resident answers on this socket (a file left by a killed one refuses the connection). */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(file);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function readRequest(socket: Socket, then: (request: StepRequest | null) => void): void {
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const end = buffered.indexOf('\n');
    if (end === -1 && buffered.length < MAX_REQUEST_BYTES) return;
    socket.off('data', onData);
    let request: StepRequest | null = null;
    try {
      request = end === -1 ? null : (JSON.parse(buffered.slice(0, end)) as StepRequest);
    } catch {
      request = null;
    }
    then(request);
  };
  socket.on('data', onData);
}

function answer(socket: Socket, frame: StepFrame, last = false): void {
  if (socket.destroyed) return;
  const line = `${JSON.stringify(frame)}\n`;
  if (last) socket.end(line);
  else socket.write(line);
}

/** One step: in the client's directory, its output to the client as it is written, then its exit code. */
async function runStep(o: ResidentOptions, request: StepRequest, socket: Socket): Promise<void> {
  const started = performance.now();
  const home = process.cwd();
  try {
    process.chdir(request.cwd);
  } catch {
    return answer(socket, { recusado: `pasta do cliente inacessível: ${request.cwd}` }, true);
  }
  const restore = relayOutput(request.tty, (frame) => answer(socket, frame));
  let code: number;
  try {
    code = await o.run(request.argv);
  } finally {
    restore();
    process.chdir(home);
  }
  // Logged before the client learns its exit code: whoever watches both sees the line first.
  o.log(
    `svc ingest: passo do pid ${request.pid} (${request.argv.slice(1).join(' ')}): saída ${code} em ${Math.round(performance.now() - started)} ms`,
  );
  answer(socket, { saida: code }, true);
}

/**
 * Sends what the step writes on stdout and stderr to its client instead, and shows the step the client's
 * terminals (a progress bar only where the client has one). Returns the undo.
 */
function relayOutput(tty: StepRequest['tty'], send: (frame: StepFrame) => void): () => void {
  const streams = [
    [process.stdout, 'stdout', tty.stdout],
    [process.stderr, 'stderr', tty.stderr],
  ] as const;
  const undo = streams.map(([stream, name, isTTY]) => {
    const write = stream.write;
    const ownTTY = Object.getOwnPropertyDescriptor(stream, 'isTTY');
    Object.defineProperty(stream, 'isTTY', { value: isTTY, configurable: true, writable: true });
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      send(name === 'stdout' ? { stdout: text } : { stderr: text });
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done) process.nextTick(done);
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = write;
      if (ownTTY) Object.defineProperty(stream, 'isTTY', ownTTY);
      else delete (stream as { isTTY?: boolean }).isTTY;
    };
  });
  return () => {
    for (const u of undo) u();
  };
}
