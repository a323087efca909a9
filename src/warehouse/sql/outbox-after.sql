-- The events one snapshot recorded after seq $1, in seq order (the webhook fan-out and the live stream).
SELECT seq, evento, campeonato_id, partida_id, corpo FROM outbox WHERE seq > $1 ORDER BY seq
