SELECT campeonato_id, fase_id, posicao, time_id, pontos, jogos, vitorias, empates, derrotas, gols_pro, gols_contra, saldo
FROM classificacao ORDER BY campeonato_id, fase_id NULLS FIRST, posicao
