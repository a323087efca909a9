-- Serialised by the shared resource views (src/warehouse/sql/resources/), so the API and the webhooks agree.
SELECT id, CAST(to_json(recurso) AS VARCHAR) AS json FROM recursos_partida(NULL, NULL) WHERE campeonato_id = $1
