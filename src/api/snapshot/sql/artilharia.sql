SELECT campeonato_id, jogador_id, time_id, gols FROM artilharia WHERE campeonato_id = $1 AND gols > 0 ORDER BY posicao
