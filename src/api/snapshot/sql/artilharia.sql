SELECT campeonato_id, jogador_id, time_id, gols FROM artilharia WHERE gols > 0 ORDER BY campeonato_id, posicao
