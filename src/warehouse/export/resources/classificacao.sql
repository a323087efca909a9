SELECT * FROM classificacao WHERE no_escopo(campeonato_id) ORDER BY campeonato_id, fase_id NULLS FIRST, posicao
