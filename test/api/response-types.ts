// Type test, checked by `tsc --noEmit` (npm test's typecheck), never run: a handler's body is tied to its route's
// response schema. Each `@ts-expect-error` line must fail to compile; were it to compile, the directive would be
// unused and tsc would fail, so this file fails when the tie breaks.
import { enumOf, int, list, nullable, obj, one, ref } from '../../src/api/openapi/json-schema.js';
import { Jogador, Time, type Time as TimeBody } from '../../src/api/openapi/schemas.js';
import { searchTimes } from '../../src/api/resources/times.js';
import { serve } from '../../src/api/routes/respond.js';
import type { ServedSnapshot } from '../../src/api/snapshot/served-snapshot.js';
import { route } from '../../src/api/table/route.js';

declare const s: ServedSnapshot;
const base = { method: 'get', path: '/v1/teste', summary: 'teste', tag: 'Status', errors: [] as number[] } as const;

export const ROUTES = [
  route({
    ...base,
    response: { schema: one(ref(Time)) },
    handler(ctx) {
      ctx.json(200, { data: { id: 1, nome: 'Time', sigla: 'TIM', escudo_url: null } });
      // @ts-expect-error: a field missing (escudo_url)
      ctx.json(200, { data: { id: 1, nome: 'Time', sigla: 'TIM' } });
      // @ts-expect-error: a field renamed (escudo_url → escudo)
      ctx.json(200, { data: { id: 1, nome: 'Time', sigla: 'TIM', escudo: null } });
      // @ts-expect-error: null where the schema is not nullable
      ctx.json(200, { data: { id: 1, nome: null, sigla: 'TIM', escudo_url: null } });
    },
  }),
  route({
    ...base,
    response: { schema: obj({ status: enumOf(['ok', 'sem_snapshot']), idade: nullable(int) }) },
    handler(ctx) {
      ctx.json(200, { status: 'sem_snapshot', idade: null });
      // @ts-expect-error: a value the enum does not have
      ctx.json(200, { status: 'pronto', idade: null });
    },
  }),
  // The memoised bodies: `serve` takes the builder of the route's schema only.
  route({
    ...base,
    response: { schema: list(ref(Time), obj({ total: int })) },
    handler(ctx) {
      serve(ctx, s, 'times', () => searchTimes(s, 'fla', undefined));
      // @ts-expect-error: `meta` lacks `total`
      serve(ctx, s, 'k', () => ({ payload: { data: [], meta: {} }, maxAge: 60 }));
    },
  }),
  route({
    ...base,
    response: { schema: list(ref(Jogador), obj({ total: int })) },
    handler(ctx) {
      // @ts-expect-error: a builder of another resource (teams where the route lists players)
      serve(ctx, s, 'jogadores', () => searchTimes(s, 'fla', undefined));
    },
  }),
  route({
    ...base,
    response: { status: 204, schema: null },
    handler(ctx) {
      ctx.send(204, []);
      // @ts-expect-error: a route without a response body sends none
      ctx.json(200, { ok: true });
    },
  }),
];

// A shape whose field is renamed no longer is the component's type.
export const renamed: TimeBody = {
  id: 1,
  nome: 'Time',
  sigla: 'TIM',
  // @ts-expect-error: `escudo` is not a field of Time
  escudo: null,
};
