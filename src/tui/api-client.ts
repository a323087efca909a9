/**
 * Typed fetch of each `/v1` endpoint the TUI shows. Every failure becomes an `ApiRequestError` whose message
 * is one readable line (the server's own `erro`/`mensagem` when it sent them), so screens can print it inline
 * and the CLI can turn it into its one-line error.
 */
import type {
  Campeonato,
  ChaveCompleta,
  EscalacaoPartida,
  EstatisticasPartida,
  EventoPartida,
  Fase,
  FiltroCampeonatos,
  Jogador,
  PartidaAoVivo,
  Rodada,
  Tabela,
  Time,
} from './api-types.js';

export const DEFAULT_API_URL = 'http://localhost:8080';
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * A screen fires a few requests at once, which can exceed a small plan's per-second limit: a 429 whose
 * Retry-After is this short is waited out (five times at most) instead of shown as an error.
 */
const RATE_LIMIT_WAIT_MAX_S = 5;
const RATE_LIMIT_RETRIES = 5;

/** `unreachable`: no HTTP answer; `http`: a non-2xx answer; `invalid`: a 2xx answer that is not the contract. */
export type ApiErrorKind = 'unreachable' | 'http' | 'invalid';

export class ApiRequestError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly erro: string | null = null,
    readonly mensagem: string | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface ListResponse<T> {
  data: T[];
  meta: { total?: number } & Record<string, unknown>;
}

export interface ApiClientOptions {
  baseUrl: string;
  key: string;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly key: string;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.key = options.key;
  }

  campeonatos(filtro: FiltroCampeonatos = {}): Promise<ListResponse<Campeonato>> {
    return this.list(`/v1/campeonatos${query({ ...filtro })}`);
  }

  tabela(campeonatoId: number): Promise<Tabela> {
    return this.data(`/v1/campeonatos/${campeonatoId}/tabela`);
  }

  tabelaDaFase(campeonatoId: number, faseId: number): Promise<Tabela> {
    return this.data(`/v1/campeonatos/${campeonatoId}/fases/${faseId}/tabela`);
  }

  fases(campeonatoId: number): Promise<ListResponse<Fase>> {
    return this.list(`/v1/campeonatos/${campeonatoId}/fases`);
  }

  rodada(campeonatoId: number, numero: number): Promise<Rodada> {
    return this.data(`/v1/campeonatos/${campeonatoId}/rodadas/${numero}`);
  }

  chave(campeonatoId: number): Promise<ChaveCompleta> {
    return this.data(`/v1/campeonatos/${campeonatoId}/chave`);
  }

  artilharia(campeonatoId: number): Promise<ListResponse<Jogador>> {
    return this.list(`/v1/campeonatos/${campeonatoId}/artilharia`);
  }

  aoVivo(): Promise<ListResponse<PartidaAoVivo>> {
    return this.list('/v1/partidas/ao-vivo');
  }

  eventos(partidaId: number): Promise<ListResponse<EventoPartida>> {
    return this.list(`/v1/partidas/${partidaId}/eventos`);
  }

  estatisticas(partidaId: number): Promise<EstatisticasPartida> {
    return this.data(`/v1/partidas/${partidaId}/estatisticas`);
  }

  escalacao(partidaId: number): Promise<EscalacaoPartida> {
    return this.data(`/v1/partidas/${partidaId}/escalacao`);
  }

  buscarTimes(q: string): Promise<ListResponse<Time>> {
    return this.list(`/v1/times${query({ q })}`);
  }

  jogadoresDoTime(timeId: number): Promise<ListResponse<Jogador>> {
    return this.list(`/v1/times/${timeId}/jogadores`);
  }

  buscarJogadores(q: string): Promise<ListResponse<Jogador>> {
    return this.list(`/v1/jogadores${query({ q })}`);
  }

  jogador(id: number): Promise<Jogador> {
    return this.data(`/v1/jogadores/${id}`);
  }

  private async data<T>(path: string): Promise<T> {
    const body = await this.get(path);
    return body.data as T;
  }

  private async list<T>(path: string): Promise<ListResponse<T>> {
    const body = await this.get(path);
    if (!Array.isArray(body.data)) throw invalid(path, '`data` is not an array');
    const meta = typeof body.meta === 'object' && body.meta !== null ? (body.meta as ListResponse<T>['meta']) : {};
    return { data: body.data as T[], meta };
  }

  private async get(path: string): Promise<{ data: unknown; meta?: unknown }> {
    let response = await this.fetch(path);
    for (let retry = 0; retry < RATE_LIMIT_RETRIES && response.status === 429; retry++) {
      const wait = Number(response.headers.get('retry-after'));
      if (!Number.isFinite(wait) || wait > RATE_LIMIT_WAIT_MAX_S) break;
      await response.body?.cancel();
      await delay(Math.max(wait, 0.1) * 1000);
      response = await this.fetch(path);
    }
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) {
      const { erro, mensagem } = errorFields(body);
      const detail = erro ? `${erro}: ${mensagem ?? ''}`.trim() : response.statusText || 'sem corpo de erro';
      throw new ApiRequestError('http', `${response.status} ${detail}`, response.status, erro, mensagem);
    }
    if (typeof body !== 'object' || body === null || !('data' in body)) {
      throw invalid(path, 'resposta sem `data`');
    }
    return body as { data: unknown; meta?: unknown };
  }

  private async fetch(path: string): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${this.key}`, accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new ApiRequestError('unreachable', `servidor inacessível em ${this.baseUrl} (${networkCause(err)})`);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function query(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFields(body: unknown): { erro: string | null; mensagem: string | null } {
  if (typeof body !== 'object' || body === null) return { erro: null, mensagem: null };
  const record = body as Record<string, unknown>;
  return {
    erro: typeof record.erro === 'string' ? record.erro : null,
    mensagem: typeof record.mensagem === 'string' ? record.mensagem : null,
  };
}

function invalid(path: string, reason: string): ApiRequestError {
  return new ApiRequestError('invalid', `resposta inválida de ${path}: ${reason}`);
}

/** Node's fetch hides the socket error in `cause`; a timeout surfaces as an AbortSignal reason. */
function networkCause(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `sem resposta em ${REQUEST_TIMEOUT_MS / 1000} s`;
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
