-- `GET /metrics` reads the mean time of the deliveries completed in the last minutes at each scrape: a range
-- over recent successes, not a scan of the whole delivery history.
CREATE INDEX entregas_entregues_recentes ON entregas (entregue_em) WHERE status = 'entregue';
