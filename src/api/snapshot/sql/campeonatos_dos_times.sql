-- The championships in which any of the teams $1 played: where a renamed team's name is served.
SELECT DISTINCT campeonato_id AS id FROM partidas
WHERE list_contains($1, time_mandante_id) OR list_contains($1, time_visitante_id)
