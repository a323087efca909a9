-- Finished requests per key, UTC day (YYYY-MM-DD) and route (method + path template such as
-- /v1/campeonatos/{id}/tabela), for the by-endpoint usage of /v1/perfil/estatisticas. Rows older than the
-- reported window are deleted as days go by.
CREATE TABLE uso_endpoint_diario (
  chave_id INTEGER NOT NULL,
  dia TEXT NOT NULL,
  metodo TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  requisicoes INTEGER NOT NULL,
  PRIMARY KEY (chave_id, dia, metodo, endpoint)
);
CREATE INDEX uso_endpoint_diario_dia ON uso_endpoint_diario (dia);
