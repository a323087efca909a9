import { nowDate } from '../clock.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyDelivery, type VerifyResult } from './verify.js';

export interface ListenOptions {
  port: number;
  host?: string;
  /** The webhook's secret; without it signatures are reported as not checked. */
  secret?: string;
  /** Status to answer with (exercise retries with 500, 429, 410…). */
  status: number;
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
  motivo: string | null;
  duplicada: boolean;
  resumo: string;
  respondido: number;
  corpo: unknown;
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
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const entrega = header(req, 'x-svc-entrega') ?? null;
      const check: VerifyResult | null = o.secret
        ? verifyDelivery({
            secret: o.secret,
            body: raw,
            timestamp: header(req, 'x-svc-timestamp'),
            signature: header(req, 'x-svc-assinatura'),
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
      const respondido = check && !check.ok ? 401 : o.status;
      const tentativa = Number(header(req, 'x-svc-tentativa'));
      o.onDelivery({
        recebida_em: nowDate().toISOString(),
        evento: header(req, 'x-svc-evento') ?? null,
        entrega,
        tentativa: Number.isInteger(tentativa) && tentativa > 0 ? tentativa : null,
        assinatura: check === null ? 'nao_verificada' : check.ok ? 'valida' : 'invalida',
        motivo: check && !check.ok ? check.motivo : null,
        duplicada,
        resumo: summarize(corpo),
        respondido,
        corpo,
      });
      setTimeout(
        () => res.writeHead(respondido, { 'content-type': 'text/plain' }).end(respondido < 300 ? 'ok\n' : 'erro\n'),
        o.delayMs,
      );
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
