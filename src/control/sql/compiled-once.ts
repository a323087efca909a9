import type { Compilable, CompiledQuery } from 'kysely';
import type { ControlQuery } from './control-sql.js';

/** A stand-in for a statement's argument while it is compiled: it becomes the argument at its index. */
class Argument {
  constructor(readonly index: number) {}
}

const STAND_INS = Array.from({ length: 8 }, (_, i) => new Argument(i));

/**
 * A statement of one fixed shape, built and compiled once: each call binds its arguments and runs it on the
 * given runner (the pool, or a transaction). For the statements the API runs most (authentication, quota leases):
 * building and compiling one costs several times more than SQLite takes to run it. `build` receives stand-ins
 * for its arguments (at most 8) and must use each only as a value; variable shapes (IN lists, multi-row inserts)
 * do not fit.
 */
export function compiledOnce<A extends unknown[], O>(
  db: ControlQuery,
  build: (db: ControlQuery, ...args: A) => Compilable<O>,
): (q: ControlQuery, ...args: A) => Promise<O[]> {
  let compiled: CompiledQuery<O> | null = null;
  return async (q, ...args) => {
    compiled ??= build(db, ...(STAND_INS as unknown as A)).compile();
    const parameters = compiled.parameters.map((p) => (p instanceof Argument ? args[p.index] : p));
    return (await q.executeQuery<O>({ ...compiled, parameters })).rows;
  };
}
