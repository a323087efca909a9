SELECT * EXCLUDE (time_id, origem, fonte) FROM estatisticas ORDER BY partida_id, lado
