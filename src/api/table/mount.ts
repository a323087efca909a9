import type { Endpoint } from '../dispatch.js';
import type { RequestCheck } from '../middleware/admission.js';
import { runChecks } from '../middleware/admission.js';
import { readJsonBody } from '../middleware/json-body.js';
import { SNAPSHOT_PARAM } from '../params.js';
import { readAsOf } from '../routes/respond.js';
import { inputReader } from './compile.js';
import type { Route, RouteDeps } from './route.js';

/** The checks in front of a route's handler, by its `access` (createApp makes them). */
export type Checks = (r: Route) => readonly RequestCheck[];

/**
 * A route of the table as the router runs it: its checks (key, quota, plan resource), then its JSON body, then
 * its parameters and body against their schemas, then the snapshot `?snapshot=` names, then the handler.
 */
export function endpoint(r: Route, checks: Checks, deps: RouteDeps): Endpoint {
  const read = inputReader(r, r.asOf ? { snapshot: SNAPSHOT_PARAM } : {});
  const guard = checks(r);
  const run = (c: Parameters<Endpoint['run']>[0]) => {
    const input = read(c);
    const asOf = (input.query as { snapshot?: string }).snapshot;
    if (asOf === undefined) return r.handler(c, input, deps);
    return readAsOf(deps.holder, c, asOf).then(() => r.handler(c, input, deps));
  };
  return {
    template: r.path,
    run: (c) => runChecks(guard, c, () => (r.body ? readJsonBody(c).then(() => run(c)) : run(c))),
  };
}
