/**
 * Default bound of the serve cache (`svc serve --cache-mb`). A module of its own, without imports: the config
 * every command builds reads it, and must not load the serving layer (DuckDB) to do so.
 */
export const DEFAULT_CACHE_MB = 128;
