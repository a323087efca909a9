import { nowDate } from '../clock.js';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { verifyAny, type VerifyAnyResult } from './verify.js';

export interface ListenOptions {
  port: number;
  host?: string;
  /**
   * The secrets accepted, current first: during a rotation's overlap also the previous one. None: signatures are
   * reported as not checked.
   */
  secrets: readonly string[];
  /** Status to answer with (exercise retries with 500, 429, 410…), unless `forwardTo` answers. */
  status: number;
  /** The developer's app: each delivery not refused goes there with its headers and exact body; its status is the answer. */
  forwardTo?: string;
  /** Delay before answering, in ms (exercise timeouts). */
  delayMs: number;
  toleranceSeconds?: number;
  onDelivery(d: ReceivedDelivery): void;
}

export interface ReceivedDelivery {
  recebida_em: string;
  evento: string | null;
  entrega: string | null;
  tentativa: number | null;
  assinatura: 'valida' | 'invalida' | 'nao_verificada';
  /** Which accepted secret verified it (the first given is the current one) and in which header. */
  segredo: 'atual' | 'anterior' | null;
  cabecalho: 'X-SVC-Assinatura' | 'X-SVC-Assinatura-Anterior' | null;
  motivo: string | null;
  duplicada: boolean;
  resumo: string;
  respondido: number;
  /** What the app behind `--forward-to` answered; null when not forwarded. */
  encaminhada: Forwarded | null;
  corpo: unknown;
}

export interface Forwarded {
  url: string;
  status_code: number | null;
  erro: string | null;
  duracao_ms: number;
}

export interface Listener {
  port: number;
  close(): Promise<void>;
}

const header = (req: http.IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

interface Team {
  nome?: string;
}
interface Goal {
  jogador?: string | null;
  minuto?: number;
  tipo?: string;
}

/** One readable line about a payload: the match and score, the goal, or the round/phase. */
export function summarize(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'corpo não é JSON';
  const { evento, dados } = body as { evento?: string; dados?: Record<string, unknown> };
  if (!dados) return `${evento ?? '?'} sem dados`;
  const home = (dados.time_mandante as Team | undefined)?.nome;
  const away = (dados.time_visitante as Team | undefined)?.nome;
  if (home && away) {
    const score = `${home} ${dados.placar_mandante ?? '-'} x ${dados.placar_visitante ?? '-'} ${away}`;
    const gol = dados.gol as Goal | undefined;
    const goal = gol
      ? ` — gol${gol.tipo === 'gol_contra' ? ' contra' : gol.tipo === 'penalti' ? ' de pênalti' : ''} de ${gol.jogador ?? 'autor desconhecido'} aos ${gol.minuto ?? '?'}'`
      : '';
    return `partida ${String(dados.id)} (${String(dados.status)}): ${score}${goal}`;
  }
  const parts = ['numero', 'nome', 'status', 'campeonato_id', 'mensagem']
    .filter((k) => dados[k] !== undefined && dados[k] !== null)
    .map((k) => `${k}=${String(dados[k])}`);
  return parts.join(' ') || Object.keys(dados).join(', ');
}

/**
 * A local receiver for developers: verifies each delivery (signature + timestamp), flags repeated
 * `X-SVC-Entrega` values, and answers with the chosen status after the chosen delay. A delivery whose
 * signature does not verify is answered 401, as a correct receiver would.
 */
export async function startListener(o: ListenOptions): Promise<Listener> {
  const seen = new Set<string>();
  const receive = async (req: http.IncomingMessage, raw: Buffer): Promise<[ReceivedDelivery, Answer]> => {
    const entrega = header(req, 'x-svc-entrega') ?? null;
    const check: VerifyAnyResult | null = o.secrets.length
      ? verifyAny({
          secrets: o.secrets,
          body: raw,
          timestamp: header(req, 'x-svc-timestamp'),
          signatures: [header(req, 'x-svc-assinatura'), header(req, 'x-svc-assinatura-anterior')],
          toleranceSeconds: o.toleranceSeconds,
        })
      : null;
    let corpo: unknown = raw.toString('utf8');
    try {
      corpo = JSON.parse(raw.toString('utf8'));
    } catch {
      // shown as text
    }
    const duplicada = entrega !== null && seen.has(entrega);
    if (entrega !== null) seen.add(entrega);
    const refused = check !== null && !check.ok;
    const forwarded = o.forwardTo && !refused ? await forward(o.forwardTo, req, raw) : null;
    const encaminhada = forwarded?.result ?? null;
    const tentativa = Number(header(req, 'x-svc-tentativa'));
    const delivery: ReceivedDelivery = {
      recebida_em: nowDate().toISOString(),
      evento: header(req, 'x-svc-evento') ?? null,
      entrega,
      tentativa: Number.isInteger(tentativa) && tentativa > 0 ? tentativa : null,
      assinatura: check === null ? 'nao_verificada' : check.ok ? 'valida' : 'invalida',
      segredo: check?.ok ? (check.secretIndex === 0 ? 'atual' : 'anterior') : null,
      cabecalho: check?.ok ? (check.signatureIndex === 0 ? 'X-SVC-Assinatura' : 'X-SVC-Assinatura-Anterior') : null,
      motivo: check && !check.ok ? check.motivo : null,
      duplicada,
      resumo: summarize(corpo),
      // An app that cannot be reached is a bad gateway, which the sender retries like any 5xx.
      respondido: refused ? 401 : encaminhada ? (encaminhada.status_code ?? 502) : o.status,
      encaminhada,
      corpo,
    };
    // The app's own answer goes back to the sender, so the delivery's timeline shows what the app said.
    const answer = forwarded?.answer ?? {
      contentType: 'text/plain',
      body: Buffer.from(delivery.respondido < 300 ? 'ok\n' : 'erro\n'),
    };
    return [delivery, answer];
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void receive(req, Buffer.concat(chunks)).then(([d, answer]) => {
        o.onDelivery(d);
        setTimeout(
          () => res.writeHead(d.respondido, { 'content-type': answer.contentType }).end(answer.body),
          o.delayMs,
        );
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sender gives up after 10 s: the app must answer before that for its status to count. */
const FORWARD_TIMEOUT_MS = 9_000;

/** Hop-by-hop and length headers: the forwarding request sets its own. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** What the listener answers the sender: its own short text, or the app's answer when forwarding. */
interface Answer {
  contentType: string;
  body: Buffer;
}

/** Bytes of the app's answer relayed to the sender (which keeps only the first KiB of it anyway). */
const RELAYED_BYTES = 64 * 1024;

/** POSTs a delivery to the developer's app as it arrived: the same headers and the exact body bytes. */
function forward(
  url: string,
  req: http.IncomingMessage,
  raw: Buffer,
): Promise<{ result: Forwarded; answer: Answer | null }> {
  const started = performance.now();
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !NOT_FORWARDED.has(k)));
  const done = (status_code: number | null, erro: string | null, answer: Answer | null = null) => ({
    result: { url, status_code, erro, duracao_ms: Math.round(performance.now() - started) },
    answer,
  });
  return new Promise((resolve) => {
    const out = (url.startsWith('https:') ? https : http).request(url, {
      method: req.method,
      headers: { ...headers, 'content-length': String(raw.length) },
      timeout: FORWARD_TIMEOUT_MS,
    });
    out.on('response', (res) => {
      const kept: Buffer[] = [];
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        if (read < RELAYED_BYTES) kept.push(chunk.subarray(0, RELAYED_BYTES - read));
        read += chunk.length;
      });
      res.on('end', () =>
        resolve(
          done(res.statusCode ?? null, null, {
            contentType: res.headers['content-type'] ?? 'application/octet-stream',
            body: Buffer.concat(kept),
          }),
        ),
      );
    });
    out.on('timeout', () => out.destroy(new Error(`tempo esgotado (${FORWARD_TIMEOUT_MS} ms)`)));
    out.on('error', (err: NodeJS.ErrnoException) => resolve(done(null, err.code ?? err.message)));
    out.end(raw);
  });
}
