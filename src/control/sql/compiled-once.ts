import type { Compilable, CompiledQuery } from 'kysely';
import type { ControlQuery } from './control-sql.js';

/** A stand-in for a statement's argument while it is compiled: it becomes the argument at its index. */
class Argument {
  constructor(readonly index: number) {}
}

const STAND_INS = Array.from({ length: 8 }, (_, i) => new Argument(i));

/** The statement `build` makes, compiled at the first call; each call binds its arguments. */
function bound<A extends unknown[], O>(
  db: ControlQuery,
  build: (db: ControlQuery, ...args: A) => Compilable<O>,
): (args: A) => CompiledQuery<O> {
  let compiled: CompiledQuery<O> | null = null;
  return (args) => {
    compiled ??= build(db, ...(STAND_INS as unknown as A)).compile();
    return { ...compiled, parameters: compiled.parameters.map((p) => (p instanceof Argument ? args[p.index] : p)) };
  };
}

/**
 * A statement of one fixed shape, built and compiled once: each call binds its arguments and runs it on the
 * given runner (the pool, or a transaction), and returns its rows. For the statements the API and the dispatcher
 * run most (authentication, quota leases, claims, outcomes): building and compiling one costs several times more
 * than SQLite takes to run it. `build` receives stand-ins for its arguments (at most 8) and must use each only as
 * a value; a list of values fits as one JSON argument (`jsonItems`), not as a list of parameters.
 */
export function compiledOnce<A extends unknown[], O>(
  db: ControlQuery,
  build: (db: ControlQuery, ...args: A) => Compilable<O>,
): (q: ControlQuery, ...args: A) => Promise<O[]> {
  const bind = bound(db, build);
  return async (q, ...args) => (await q.executeQuery<O>(bind(args))).rows;
}

/** As compiledOnce, for a write whose count of rows changed is its answer. */
export function compiledWrite<A extends unknown[]>(
  db: ControlQuery,
  build: (db: ControlQuery, ...args: A) => Compilable<unknown>,
): (q: ControlQuery, ...args: A) => Promise<number> {
  const bind = bound(db, build);
  return async (q, ...args) => Number((await q.executeQuery(bind(args))).numAffectedRows ?? 0);
}
