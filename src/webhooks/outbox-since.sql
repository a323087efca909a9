-- The events of one snapshot after the dispatcher's cursor, in seq order.
SELECT seq, evento, campeonato_id, corpo FROM outbox WHERE seq > $1 ORDER BY seq
