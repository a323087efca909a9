-- The id of the key every webhook secret is sealed with (one row). A process given another key refuses to start
-- instead of sealing anything with it; only `svc keys rotate-secret-key` changes it (docs/decisions.md).
CREATE TABLE chave_segredos (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  chave_id TEXT NOT NULL,
  definida_em TEXT NOT NULL
);
