-- Ordered by kick-off (unknown kick-offs last), the order of every match list.
SELECT * EXCLUDE (inicio_utc) FROM partidas_servidas WHERE campeonato_id = $1 ORDER BY inicio_utc NULLS LAST, id
