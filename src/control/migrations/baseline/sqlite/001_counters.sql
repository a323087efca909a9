-- Monotonic counters kept outside the snapshots, so numbers never go backwards, even after a rollback:
-- 'evento_seq' (outbox seq), 'snapshot_id', and one per entity for internal ids ('id_partida', ...).
CREATE TABLE contadores (
  nome TEXT PRIMARY KEY,
  valor INTEGER NOT NULL
);
