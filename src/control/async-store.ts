/**
 * A store interface with every method answering through a promise: the shape of a store over PostgreSQL (`pg` is
 * asynchronous). The SQLite stores answer synchronously; the store tests `await` both, so one suite covers the two.
 */
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : T[K];
};
