import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { loadConfig } from '../../config.js';
import type { DataDir } from '../../data-dir.js';
import {
  buildId,
  environmentDigest,
  fileIdentities,
  handedOptions,
  PROTOCOL,
  residentSocket,
  type StepFrame,
  type StepRequest,
} from './protocol.js';

/**
 * Hands an `svc ingest` step to the data dir's resident ingester, if one runs there, and relays its output and exit
 * code: a cron step then costs a connection instead of a process that loads DuckDB and the feed validators cold.
 * Resolves with null when the step is this process's to run: no resident, one that refuses (busy, another build or
 * other settings), a command line it does not take, or a resident that went away before the step's exit code.
 */
export async function handToResident(argv: readonly string[]): Promise<number | null> {
  const options = handedOptions(argv);
  if (options === null) return null;
  let socket: string | null;
  try {
    socket = residentSocket(loadConfig(options).dataDir);
  } catch {
    return null; // The process's own run reports the settings' error.
  }
  if (socket === null || !existsSync(socket)) return null;
  const answer = await exchange(socket, requestOf([...argv]));
  if (answer.kind === 'exit') return answer.code;
  if (answer.kind === 'lost')
    process.stderr.write('svc: aviso: o ingest residente parou durante o passo; rodando o passo neste processo\n');
  return null;
}

/** What `svc doctor` says of the data dir's resident: none, a socket left by one that stopped, or whether it would take this environment's steps. */
export type ResidentState =
  | { estado: 'sem-socket'; motivo: 'ausente' | 'caminho-longo' }
  | { estado: 'parado'; socket: string }
  | { estado: 'aceita'; socket: string }
  | { estado: 'recusa'; socket: string; motivo: string };

export async function askResident(dataDir: DataDir): Promise<ResidentState> {
  const socket = residentSocket(dataDir);
  if (socket === null) return { estado: 'sem-socket', motivo: 'caminho-longo' };
  if (!existsSync(socket)) return { estado: 'sem-socket', motivo: 'ausente' };
  const answer = await exchange(socket, { ...requestOf([]), consulta: true });
  if (answer.kind === 'would') return { estado: 'aceita', socket };
  if (answer.kind === 'refused' && answer.why !== null) return { estado: 'recusa', socket, motivo: answer.why };
  return { estado: 'parado', socket };
}

function requestOf(argv: string[]): StepRequest {
  return {
    protocolo: PROTOCOL,
    build: buildId(),
    ambiente: environmentDigest(),
    cwd: process.cwd(),
    argv,
    arquivos: fileIdentities(argv, process.cwd()),
    pid: process.pid,
    tty: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  };
}

/** `refused` with why null: nobody answered (a stale socket, or none). */
type Answer =
  | { kind: 'exit'; code: number }
  | { kind: 'refused'; why: string | null }
  | { kind: 'would' }
  | { kind: 'lost' };

function exchange(file: string, request: StepRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(file);
    let buffered = '';
    let answer: Answer | null = null;
    let sent = false;
    const settle = (a: Answer) => {
      answer ??= a;
      socket.destroy();
      resolve(answer);
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      sent = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while (answer === null && (end = buffered.indexOf('\n')) !== -1) {
        let frame: StepFrame;
        try {
          frame = JSON.parse(buffered.slice(0, end)) as StepFrame;
        } catch {
          return settle({ kind: 'lost' });
        }
        buffered = buffered.slice(end + 1);
        if ('stdout' in frame) process.stdout.write(frame.stdout);
        else if ('stderr' in frame) process.stderr.write(frame.stderr);
        else if ('saida' in frame) settle({ kind: 'exit', code: frame.saida });
        else if ('aceitaria' in frame) settle({ kind: 'would' });
        else settle({ kind: 'refused', why: frame.recusado });
      }
    });
    // A stale socket (ECONNREFUSED) or one removed meanwhile (ENOENT): no resident. One that goes away after taking
    // the step (killed mid-step): the step runs here again, as cron would run it again after a killed ingest (a
    // publish is atomic; the same feed again publishes nothing new).
    socket.on('error', () => settle(sent ? { kind: 'lost' } : { kind: 'refused', why: null }));
    socket.on('close', () => settle(sent ? { kind: 'lost' } : { kind: 'refused', why: null }));
  });
}
