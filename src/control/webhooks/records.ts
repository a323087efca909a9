/** What the webhooks part keeps in the control plane, as both stores hand it out, and the row mappings. */
import { isEventName, type EventName } from '../../domain/events.js';
import type { Plano } from '../../domain/plans.js';
import {
  DEFAULT_WEBHOOK_LIMITS,
  type AttemptOrigin,
  type DeliveryOrigin,
  type DeliveryStatus,
  type WebhookLimits,
} from '../../domain/webhooks.js';
import { isoWithOffset } from '../../time.js';
import type { Selectable } from 'kysely';
import type { EntregasTable, TentativasEntregaTable, WebhooksTable } from '../sql/tables.js';

export interface WebhookRecord {
  id: number;
  contaId: number;
  nome: string;
  url: string;
  eventos: EventName[];
  ativo: boolean;
  secret: string;
  criadoEm: string;
  atualizadoEm: string;
  falhasConsecutivas: number;
  ultimoSucessoEm: string | null;
  desativadoEm: string | null;
  motivoDesativacao: string | null;
  /** When a temporary deactivation ends; null while active or when permanent. */
  reativarEm: string | null;
  desativacoesSeguidas: number;
  /** The secret before a rotation with overlap and when the overlap ends (epoch ms); see previousSecretAt. */
  previousSecret: string | null;
  previousSecretUntil: number | null;
}

/** The previous secret while its overlap lasts at `now`: it signs too, in X-SVC-Assinatura-Anterior. */
export const previousSecretAt = (w: WebhookRecord, now: number): string | null =>
  w.previousSecret !== null && (w.previousSecretUntil ?? 0) > now ? w.previousSecret : null;

export interface DeliveryRecord {
  id: string;
  webhookId: number;
  contaId: number;
  evento: string;
  eventoSeq: number | null;
  campeonatoId: number | null;
  origem: DeliveryOrigin;
  status: DeliveryStatus;
  tentativas: number;
  criadaEm: string;
  entregueEm: string | null;
  proximaTentativaEm: number | null;
  ultimoStatusCode: number | null;
  ultimoErro: string | null;
  duracaoMs: number | null;
  corpo: string;
  /** The attempt count when a resend (API or panel) queued it again; null if never resent so. */
  reenvioApos: number | null;
}

/** The origin of the daemon's next attempt at a delivery: `reenvio` for the first one after a resend. */
export function nextAttemptOrigin(d: Pick<DeliveryRecord, 'origem' | 'tentativas' | 'reenvioApos'>): AttemptOrigin {
  return d.reenvioApos !== null && d.reenvioApos === d.tentativas ? 'reenvio' : d.origem;
}

/**
 * What a claim reads of a delivery (`CLAIM_COLUMNS`): what the stages and the outcome's record need, not its
 * history (last answer, timestamps), which a claim has no use for and would read and copy for every delivery.
 */
export type ClaimedDelivery = Pick<
  DeliveryRecord,
  | 'id'
  | 'webhookId'
  | 'contaId'
  | 'evento'
  | 'eventoSeq'
  | 'origem'
  | 'tentativas'
  | 'proximaTentativaEm'
  | 'corpo'
  | 'reenvioApos'
>;

/** A delivery claimed for sending, with what the sender needs from its webhook. */
export interface DeliveryJob extends ClaimedDelivery {
  url: string;
  secret: string;
  /** The secret before a rotation with overlap, while the overlap lasts: it signs too, in an extra header. */
  previousSecret: string | null;
  webhookAtivo: boolean;
  /** The account's plan; null when the account no longer exists. */
  plano: Plano | null;
  /** The account's monthly limit of automatic deliveries as the claim read it; null: none, nothing metered. */
  monthlyLimit: number | null;
}

/** One event read from a snapshot outbox. */
export interface OutboxEvent {
  seq: number;
  evento: string;
  campeonato_id: number;
  corpo: string;
}

/** A delivery sent before it is recorded (`svc webhooks trigger`): its id went out in X-SVC-Entrega. */
export interface SentDelivery {
  id: string;
  evento: string;
  corpo: string;
}

/** The state of a delivery made of one attempt: delivered on a 2xx, else failed (both engines). */
export function settledByOneAttempt(
  a: AttemptResult,
  now: number,
): { status: DeliveryStatus; entregueEm: string | null } {
  const ok = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
  return { status: ok ? 'entregue' : 'falhou', entregueEm: ok ? iso(now) : null };
}

/** What an HTTP attempt produced. */
export interface AttemptResult {
  numero: number;
  origem: AttemptOrigin;
  destino: string;
  iniciadaEm: number;
  statusCode: number | null;
  erro: string | null;
  duracaoMs: number;
  /** The start of the receiver's answer (RESPONSE_EXCERPT_BYTES); absent when none came. */
  resposta?: string | null;
  /** The request headers sent; null or absent when no request went out (the URL guard refused it). */
  cabecalhos?: Record<string, string> | null;
}

/** One recorded attempt, as the delivery's timeline shows it. */
export interface AttemptRecord extends Omit<AttemptResult, 'iniciadaEm'> {
  iniciadaEm: string;
  resposta: string | null;
  cabecalhos: Record<string, string> | null;
}

export interface Delivered {
  job: DeliveryJob;
  attempt: AttemptResult;
  at: number;
}

/** What a quota reservation answered, by delivery id. */
export interface QuotaReservation {
  /** Each holds a slot of its account's monthly quota until its outcome is recorded. */
  granted: string[];
  /** No slot now, but sends in flight (any worker's) may fail and free one: ask again after they settle. */
  waiting: string[];
  /** The month's quota is used up: discard. */
  exhausted: string[];
}

/** What became of a sent (or refused) delivery, as the queue records it. */
export type RecordedOutcome =
  | { kind: 'entregue'; attempt: AttemptResult; at: number }
  | { kind: 'retentar'; attempt: AttemptResult; dueAt: number }
  /** `attempt` is null when no request was made (the webhook was off). */
  | { kind: 'falhou'; attempt: AttemptResult | null; motivo: string; at: number }
  | { kind: 'descartada'; motivo: string };

export interface Deactivation {
  webhook: WebhookRecord;
  tipo: 'temporaria' | 'permanente';
  motivo: string;
}

export interface NewWebhook {
  contaId: number;
  nome: string;
  url: string;
  eventos: readonly EventName[];
  secret: string;
}

export interface WebhookPatch {
  nome?: string;
  url?: string;
  eventos?: readonly EventName[];
  ativo?: boolean;
}

/** An active webhook with what fan-out needs to decide whether an event is for it. */
export interface Subscriber {
  id: number;
  contaId: number;
  /** Events up to this seq predate the webhook. */
  eventoSeqInicial: number;
  eventos: readonly string[];
  plano: Plano | null;
  campeonatos: readonly number[] | null;
}

/** What the delivery history of one webhook can be narrowed to (`GET …/entregas`). */
export interface DeliveryListFilter {
  status?: DeliveryStatus;
  evento?: string;
  /** A start of the delivery id (X-SVC-Entrega), as `svc replay` takes. */
  idPrefix?: string;
}

export interface DeliveryFilter {
  webhookId?: number;
  /** Inclusive ISO bounds on `criada_em`. */
  since?: string;
  until?: string;
  status?: DeliveryStatus;
}

export class WebhookLimitError extends Error {
  override name = 'WebhookLimitError';
  constructor(readonly limit: number) {
    super(`limite de ${limit} webhooks ativos`);
  }
}

export const iso = (ms: number): string => isoWithOffset(ms);

export const WEBHOOK_COLUMNS = [
  'id',
  'conta_id',
  'nome',
  'url',
  'eventos',
  'ativo',
  'secret',
  'criado_em',
  'atualizado_em',
  'falhas_consecutivas',
  'ultimo_sucesso_em',
  'desativado_em',
  'motivo_desativacao',
  'reativar_em',
  'desativacoes_seguidas',
  'segredo_anterior',
  'segredo_anterior_ate',
] as const;
export const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'conta_id',
  'evento',
  'evento_seq',
  'campeonato_id',
  'origem',
  'status',
  'tentativas',
  'criada_em',
  'entregue_em',
  'proxima_tentativa_em',
  'ultimo_status_code',
  'ultimo_erro',
  'duracao_ms',
  'corpo',
  'reenvio_apos',
] as const;

/** A webhook as its stores read it (`WEBHOOK_COLUMNS`). */
export type WebhookRow = Pick<Selectable<WebhooksTable>, (typeof WEBHOOK_COLUMNS)[number]>;

/** A delivery as its stores read it (`DELIVERY_COLUMNS`), its origin and status narrowed. */
export type DeliveryRow = Omit<
  Pick<Selectable<EntregasTable>, (typeof DELIVERY_COLUMNS)[number]>,
  'origem' | 'status'
> & {
  origem: DeliveryOrigin;
  status: DeliveryStatus;
};

export function toWebhook(r: WebhookRow): WebhookRecord {
  const eventos = (JSON.parse(r.eventos) as unknown[]).filter(isEventName);
  return {
    id: r.id,
    contaId: r.conta_id,
    nome: r.nome,
    url: r.url,
    eventos,
    ativo: r.ativo === 1,
    secret: r.secret,
    criadoEm: r.criado_em,
    atualizadoEm: r.atualizado_em,
    falhasConsecutivas: r.falhas_consecutivas,
    ultimoSucessoEm: r.ultimo_sucesso_em,
    desativadoEm: r.desativado_em,
    motivoDesativacao: r.motivo_desativacao,
    reativarEm: r.reativar_em,
    desativacoesSeguidas: r.desativacoes_seguidas,
    // Still sealed here: the store that read the row opens it, as it opens `secret`.
    previousSecret: r.segredo_anterior,
    previousSecretUntil: r.segredo_anterior_ate === null ? null : Number(r.segredo_anterior_ate),
  };
}

export function toDelivery(r: DeliveryRow): DeliveryRecord {
  return {
    id: r.id,
    webhookId: r.webhook_id,
    contaId: r.conta_id,
    evento: r.evento,
    eventoSeq: r.evento_seq,
    campeonatoId: r.campeonato_id,
    origem: r.origem,
    status: r.status,
    tentativas: r.tentativas,
    criadaEm: r.criada_em,
    entregueEm: r.entregue_em,
    proximaTentativaEm: r.proxima_tentativa_em,
    ultimoStatusCode: r.ultimo_status_code,
    ultimoErro: r.ultimo_erro,
    duracaoMs: r.duracao_ms,
    corpo: r.corpo,
    reenvioApos: r.reenvio_apos,
  };
}

export const CLAIM_COLUMNS = [
  'id',
  'webhook_id',
  'conta_id',
  'evento',
  'evento_seq',
  'origem',
  'tentativas',
  'proxima_tentativa_em',
  'corpo',
  'reenvio_apos',
] as const;

/** A claimed delivery as the claim reads it (`CLAIM_COLUMNS`), its origin narrowed. */
export type ClaimRow = Omit<Pick<Selectable<EntregasTable>, (typeof CLAIM_COLUMNS)[number]>, 'origem'> & {
  origem: DeliveryOrigin;
};

export function toClaimed(r: ClaimRow): ClaimedDelivery {
  return {
    id: r.id,
    webhookId: r.webhook_id,
    contaId: r.conta_id,
    evento: r.evento,
    eventoSeq: r.evento_seq,
    origem: r.origem,
    tentativas: r.tentativas,
    proximaTentativaEm: r.proxima_tentativa_em,
    corpo: r.corpo,
    reenvioApos: r.reenvio_apos,
  };
}

export const ATTEMPT_COLUMNS = [
  'numero',
  'origem',
  'destino',
  'iniciada_em',
  'status_code',
  'erro',
  'duracao_ms',
  'resposta',
  'cabecalhos',
] as const;

/** An attempt as its stores read it (`ATTEMPT_COLUMNS`), its origin narrowed. */
export type AttemptRow = Omit<Pick<Selectable<TentativasEntregaTable>, (typeof ATTEMPT_COLUMNS)[number]>, 'origem'> & {
  origem: AttemptOrigin;
};

export function toAttempt(r: AttemptRow): AttemptRecord {
  return {
    numero: r.numero,
    origem: r.origem,
    destino: r.destino,
    iniciadaEm: r.iniciada_em,
    statusCode: r.status_code,
    erro: r.erro,
    duracaoMs: r.duracao_ms,
    resposta: r.resposta,
    cabecalhos: r.cabecalhos === null ? null : (JSON.parse(r.cabecalhos) as Record<string, string>),
  };
}

/** An attempt's headers as stored: JSON text, or NULL. */
export const headersText = (a: AttemptResult): string | null => (a.cabecalhos ? JSON.stringify(a.cabecalhos) : null);

/** An active webhook as the fan-out query reads it (both engines). */
export interface SubscriberRow {
  id: number;
  conta_id: number;
  evento_seq_inicial: number;
  eventos: string;
  plano: Plano | null;
  campeonatos: string | null;
}

export function toSubscriber(r: SubscriberRow): Subscriber {
  return {
    id: r.id,
    contaId: r.conta_id,
    eventoSeqInicial: r.evento_seq_inicial,
    eventos: JSON.parse(r.eventos) as string[],
    plano: r.plano,
    campeonatos: r.campeonatos === null ? null : (JSON.parse(r.campeonatos) as number[]),
  };
}

/** An account's row in `webhook_contas`, as far as its limits go. */
export interface LimitsRow {
  limite_webhooks?: number | null;
  limite_entregas_mes: number | null;
  limite_entregas_ilimitado: number | null;
}

/** An account's limits: its row's where set, else its plan's defaults (no row: the defaults). */
export function toLimits(plano: Plano, row: LimitsRow | undefined): WebhookLimits {
  const defaults = DEFAULT_WEBHOOK_LIMITS[plano];
  return {
    webhooksAtivos: row?.limite_webhooks ?? defaults.webhooksAtivos,
    entregasMes: row?.limite_entregas_ilimitado === 1 ? null : (row?.limite_entregas_mes ?? defaults.entregasMes),
  };
}

/** What a claim reads of its deliveries' webhooks and accounts, one row per webhook (both engines). */
export interface TargetRow extends LimitsRow {
  id: number;
  url: string;
  secret: string;
  segredo_anterior: string | null;
  segredo_anterior_ate: number | null;
  ativo: number;
  plano: Plano | null;
}

/** What a claimed delivery takes from its webhook and account. */
export type JobTarget = Omit<DeliveryJob, keyof DeliveryRecord>;

/** A webhook's row as its claimed deliveries' target: secrets opened, the previous one only while its overlap lasts. */
export function toTarget(r: TargetRow, openSecret: (stored: string) => string, now: number): JobTarget {
  return {
    url: r.url,
    secret: openSecret(r.secret),
    previousSecret:
      r.segredo_anterior !== null && (r.segredo_anterior_ate ?? 0) > now ? openSecret(r.segredo_anterior) : null,
    webhookAtivo: r.ativo === 1,
    plano: r.plano,
    monthlyLimit: toLimits(r.plano ?? 'free', r).entregasMes,
  };
}
