-- Requests counted against the quota, per key and UTC day (YYYY-MM-DD).
CREATE TABLE uso_diario (
  chave_id INTEGER NOT NULL,
  dia TEXT NOT NULL,
  requisicoes INTEGER NOT NULL,
  PRIMARY KEY (chave_id, dia)
);

-- Lifetime totals per key, for /v1/perfil/estatisticas.
CREATE TABLE uso_total (
  chave_id INTEGER PRIMARY KEY,
  requisicoes INTEGER NOT NULL,
  tempo_total_ms REAL NOT NULL
);

-- The most recent requests per key (trimmed to the last few on every flush).
CREATE TABLE uso_recente (
  id INTEGER PRIMARY KEY,
  chave_id INTEGER NOT NULL,
  endpoint TEXT NOT NULL,
  metodo TEXT NOT NULL,
  status_code INTEGER NOT NULL,
  tempo_resposta_ms REAL NOT NULL,
  data_hora TEXT NOT NULL
);
CREATE INDEX uso_recente_chave ON uso_recente (chave_id, id);
