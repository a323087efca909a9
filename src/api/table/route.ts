import type { Clock } from '../../clock.js';
import type { ControlPlane } from '../../control/control-plane.js';
import type { PlansConfig, Recurso } from '../../control/plans.js';
import type { UsageStore } from '../../control/usage-store.js';
import type { Resolver } from '../../webhooks/url-guard.js';
import type { RequestContext } from '../http/context.js';
import type { Schema } from '../openapi/json-schema.js';
import { SNAPSHOT_PARAM, type AnyParam, type ParamValue } from '../params.js';
import type { SnapshotHolder } from '../snapshot/snapshot-holder.js';
import type { StreamHub } from '../stream/stream-hub.js';
import type { StreamTickets } from '../stream/tickets.js';
import type { UsageMeter } from '../usage-meter.js';
import type { BodySpec } from './body.js';

/** What handlers work with, made once by createApp. */
export interface RouteDeps {
  holder: SnapshotHolder;
  control: ControlPlane;
  usage: UsageMeter;
  usageStore: UsageStore;
  plans: PlansConfig;
  clock: Clock;
  hub: StreamHub;
  tickets: StreamTickets;
  /** Base of the absolute URLs handed out (`--public-url`); default the request's scheme and host. */
  publicUrl?: string;
  version: string;
  startedAt: Date;
  /** The webhook URL rule: private hosts (development), this machine (`svc demo`), DNS resolution. */
  webhookUrls: { allowPrivate: boolean; allowLoopback: boolean; resolve: Resolver };
}

/** The tags of the OpenAPI document, in the order the docs page shows them. */
export type Tag = 'Campeonatos' | 'Partidas' | 'Times e jogadores' | 'Conta' | 'Webhooks' | 'Stream' | 'Status';

type Params = Record<string, AnyParam>;
type Values<P extends Params> = { [K in keyof P]: ParamValue<P[K]> };

/** What a handler gets: the validated path and query parameters and JSON body. */
export interface Input<P extends Params, Q extends Params, B> {
  path: Values<P>;
  query: Values<Q>;
  body: B;
}

/**
 * One endpoint, declared once: the router, the request checks (key, quota, plan resource; body; parameters),
 * the OpenAPI operation, the handler's input type and the type of the body it sends (`R`, what the response schema
 * describes: `ctx.json` and the memoised `serve` helpers take only that) all come from this.
 */
export interface RouteSpec<P extends Params, Q extends Params, B, R> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** As the OpenAPI writes it: `/v1/campeonatos/{campeonatoId}/tabela`; also the usage and metrics label. */
  path: string;
  summary: string;
  tag: Tag;
  /** Plan resource the key's plan must include (`guard`); absent = public, no key. */
  recurso?: Recurso;
  /**
   * How the key is checked (default `key`): `inspect` reports the quota without counting or enforcing it
   * (the key's own profile and usage); `ticket` also takes a stream ticket in `?ticket=`.
   */
  access?: 'key' | 'inspect' | 'ticket';
  /** Reads as of a retained snapshot on `?snapshot=ID` (the data routes). */
  asOf?: boolean;
  params?: P;
  query?: Q;
  /** Request headers the handler reads, for the documentation. */
  headers?: Params;
  body?: BodySpec<B>;
  response: {
    /** Default 200. */
    status?: number;
    /** The success body's schema; null: no body. */
    schema: Schema<R> | null;
    /** Default `application/json`. */
    mediaType?: string;
  };
  /** Error statuses besides those every authenticated route has (401, 403, 429) and 500. */
  errors: number[];
  handler(ctx: RequestContext<NoInfer<R>>, input: Input<P, Q, B>, deps: RouteDeps): void | Promise<void>;
}

/** A route of the table, its input and response types erased. */
export type Route = RouteSpec<Params, Params, unknown, unknown>;

/**
 * Declares a route, checking its handler against its parameters and body, and the body it sends against its
 * response schema (`R`; a route without a body sends none: `never`).
 */
export function route<
  P extends Params = Record<never, never>,
  Q extends Params = Record<never, never>,
  B = undefined,
  R = never,
>(spec: RouteSpec<P, Q, B, R>): Route {
  return spec as unknown as Route;
}

/** A route's parameters in the order the OpenAPI lists them: path, query, headers, then `snapshot` when `asOf`. */
export function parametersOf(r: Route): { name: string; param: AnyParam }[] {
  const all = { ...r.params, ...r.query, ...r.headers, ...(r.asOf ? { snapshot: SNAPSHOT_PARAM as AnyParam } : {}) };
  return Object.entries(all).map(([name, param]) => ({ name, param }));
}
