SELECT e.* EXCLUDE (time_id, origem, fonte)
FROM estatisticas e JOIN partidas p ON p.id = e.partida_id WHERE p.campeonato_id = $1 ORDER BY e.partida_id, e.lado
