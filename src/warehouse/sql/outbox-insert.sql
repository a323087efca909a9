-- This ingest's events into the outbox (publish.ts has emptied it): $1 is a JSON array of outbox rows (one bound
-- value, any number of events, no staging table).
INSERT INTO outbox
SELECT unnest(from_json($1::JSON, '[{"seq": "BIGINT", "evento": "VARCHAR", "campeonato_id": "INTEGER", "partida_id": "INTEGER", "gerado_em": "VARCHAR", "corpo": "VARCHAR"}]'), recursive := true);
