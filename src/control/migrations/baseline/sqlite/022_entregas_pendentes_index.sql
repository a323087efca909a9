-- Only pending deliveries are ever looked up by due time: a partial index stays small (delivered rows leave
-- it) and costs nothing to maintain once a delivery is settled. Partial indexes exist in PostgreSQL too.
DROP INDEX entregas_devidas;
CREATE INDEX entregas_pendentes ON entregas (proxima_tentativa_em) WHERE status = 'pendente';
