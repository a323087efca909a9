-- The webhook events the ingest that made `depois` recorded, per championship and type.
SELECT campeonato_id, evento, count(*)::INTEGER AS n FROM depois.outbox GROUP BY ALL ORDER BY 1, 2
