-- Serialised by the shared resource views (src/warehouse/sql/resources/), so the API and the webhooks agree.
SELECT id, CAST(to_json(recurso) AS VARCHAR) AS json FROM recurso_fase WHERE campeonato_id = $1
