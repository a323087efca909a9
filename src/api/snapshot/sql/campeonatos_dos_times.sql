-- The championships in which any of the teams $1 played: where a renamed team's name is served.
SELECT DISTINCT campeonato_id AS id FROM partidas
WHERE time_mandante_id IN (SELECT unnest($1::INTEGER[])) OR time_visitante_id IN (SELECT unnest($1::INTEGER[]))
