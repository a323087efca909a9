SELECT campeonato_id, fase_id, posicao, time_id, pontos, jogos, vitorias, empates, derrotas, gols_pro, gols_contra, saldo, ajustes
FROM classificacao WHERE campeonato_id = $1 ORDER BY fase_id NULLS FIRST, posicao
