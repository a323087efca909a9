/**
 * The endpoints the TUI shows, through the typed client generated from `/v1/openapi.json`
 * (`clients/typescript/`). Every failure becomes an `ApiRequestError` whose message is one readable line (the
 * server's own `erro`/`mensagem` when it sent them), so screens can print it inline and the CLI can turn it into
 * its one-line error.
 */
import {
  createSvcClient,
  type Campeonato,
  type ChaveCampeonato,
  type Escalacao,
  type EstatisticasPartida,
  type EventoPartida,
  type Fase,
  type FiltroCampeonatos,
  type Jogador,
  type PartidaAoVivo,
  type RodadaAvulsa,
  type SvcClient,
  type Tabela,
  type Time,
} from '../../clients/typescript/index.js';

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
  /** Read every resource as of this retained snapshot (`?snapshot=`, a padded id); absent: the current one. */
  snapshot?: string;
}

/** What openapi-fetch resolves with: the parsed body on success, the parsed error body otherwise. */
interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export class ApiClient {
  readonly baseUrl: string;
  readonly key: string;
  readonly snapshot: string | null;
  private readonly api: SvcClient;
  /** The query every read carries: `{snapshot}` when reading as of one, else nothing. */
  private readonly asOf: { snapshot?: string };

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.key = options.key;
    this.snapshot = options.snapshot ?? null;
    this.asOf = options.snapshot ? { snapshot: options.snapshot } : {};
    this.api = createSvcClient({ baseUrl: this.baseUrl, key: options.key, fetch: (request) => this.send(request) });
  }

  campeonatos(filtro: FiltroCampeonatos = {}): Promise<ListResponse<Campeonato>> {
    const query = Object.fromEntries(Object.entries(filtro).filter(([, v]) => v !== undefined && v !== ''));
    return this.list(this.api.GET('/v1/campeonatos', { params: { query: { ...query, ...this.asOf } } }));
  }

  tabela(campeonatoId: number): Promise<Tabela> {
    return this.data(
      this.api.GET('/v1/campeonatos/{campeonatoId}/tabela', { params: { path: { campeonatoId }, query: this.asOf } }),
    );
  }

  tabelaDaFase(campeonatoId: number, faseId: number): Promise<Tabela> {
    return this.data(
      this.api.GET('/v1/campeonatos/{campeonatoId}/fases/{faseId}/tabela', {
        params: { path: { campeonatoId, faseId }, query: this.asOf },
      }),
    );
  }

  fases(campeonatoId: number): Promise<ListResponse<Fase>> {
    return this.list(
      this.api.GET('/v1/campeonatos/{campeonatoId}/fases', { params: { path: { campeonatoId }, query: this.asOf } }),
    );
  }

  rodada(campeonatoId: number, numero: number): Promise<RodadaAvulsa> {
    return this.data(
      this.api.GET('/v1/campeonatos/{campeonatoId}/rodadas/{numero}', {
        params: { path: { campeonatoId, numero }, query: this.asOf },
      }),
    );
  }

  chave(campeonatoId: number): Promise<ChaveCampeonato> {
    return this.data(
      this.api.GET('/v1/campeonatos/{campeonatoId}/chave', { params: { path: { campeonatoId }, query: this.asOf } }),
    );
  }

  artilharia(campeonatoId: number): Promise<ListResponse<Jogador>> {
    return this.list(
      this.api.GET('/v1/campeonatos/{campeonatoId}/artilharia', {
        params: { path: { campeonatoId }, query: this.asOf },
      }),
    );
  }

  aoVivo(): Promise<ListResponse<PartidaAoVivo>> {
    return this.list(this.api.GET('/v1/partidas/ao-vivo', { params: { query: this.asOf } }));
  }

  eventos(partidaId: number): Promise<ListResponse<EventoPartida>> {
    return this.list(
      this.api.GET('/v1/partidas/{id}/eventos', { params: { path: { id: partidaId }, query: this.asOf } }),
    );
  }

  estatisticas(partidaId: number): Promise<EstatisticasPartida> {
    return this.data(
      this.api.GET('/v1/partidas/{id}/estatisticas', { params: { path: { id: partidaId }, query: this.asOf } }),
    );
  }

  escalacao(partidaId: number): Promise<Escalacao> {
    return this.data(
      this.api.GET('/v1/partidas/{id}/escalacao', { params: { path: { id: partidaId }, query: this.asOf } }),
    );
  }

  buscarTimes(q: string): Promise<ListResponse<Time>> {
    return this.list(this.api.GET('/v1/times', { params: { query: { q, ...this.asOf } } }));
  }

  jogadoresDoTime(timeId: number): Promise<ListResponse<Jogador>> {
    return this.list(this.api.GET('/v1/times/{timeId}/jogadores', { params: { path: { timeId }, query: this.asOf } }));
  }

  buscarJogadores(q: string): Promise<ListResponse<Jogador>> {
    return this.list(this.api.GET('/v1/jogadores', { params: { query: { q, ...this.asOf } } }));
  }

  jogador(id: number): Promise<Jogador> {
    return this.data(this.api.GET('/v1/jogadores/{id}', { params: { path: { id }, query: this.asOf } }));
  }

  private async data<T>(call: Promise<Outcome<{ data: T }>>): Promise<T> {
    return (await this.body(call, false)).data;
  }

  private async list<T, M>(call: Promise<Outcome<{ data: T[]; meta: M }>>): Promise<ListResponse<T>> {
    const body = await this.body(call, true);
    const meta = typeof body.meta === 'object' && body.meta !== null ? (body.meta as ListResponse<T>['meta']) : {};
    return { data: body.data, meta };
  }

  private async body<B extends { data: unknown }>(call: Promise<Outcome<B>>, isList: boolean): Promise<B> {
    let outcome: Outcome<B>;
    try {
      outcome = await call;
    } catch (err) {
      if (err instanceof ApiRequestError) throw err;
      // openapi-fetch parses a 2xx body as JSON: a body that is not JSON is not the contract.
      throw invalid('a API', err instanceof Error ? err.message : String(err));
    }
    const { data, error, response } = outcome;
    if (!response.ok) {
      const { erro, mensagem } = errorFields(error);
      const detail = erro ? `${erro}: ${mensagem ?? ''}`.trim() : response.statusText || 'sem corpo de erro';
      throw new ApiRequestError('http', `${response.status} ${detail}`, response.status, erro, mensagem);
    }
    const path = new URL(response.url).pathname;
    if (typeof data !== 'object' || data === null || !('data' in data)) throw invalid(path, 'resposta sem `data`');
    if (isList && !Array.isArray(data.data)) throw invalid(path, '`data` is not an array');
    return data;
  }

  /** Every request goes through here: a timeout per attempt, short 429s waited out, no answer reported plainly. */
  private async send(request: Request): Promise<Response> {
    let response = await this.attempt(request);
    for (let retry = 0; retry < RATE_LIMIT_RETRIES && response.status === 429; retry++) {
      const wait = Number(response.headers.get('retry-after'));
      if (!Number.isFinite(wait) || wait > RATE_LIMIT_WAIT_MAX_S) break;
      await response.body?.cancel();
      await delay(Math.max(wait, 0.1) * 1000);
      response = await this.attempt(request);
    }
    return response;
  }

  private async attempt(request: Request): Promise<Response> {
    try {
      return await fetch(request.clone(), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (err) {
      throw new ApiRequestError('unreachable', `servidor inacessível em ${this.baseUrl} (${networkCause(err)})`);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
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
