SELECT * FROM artilharia WHERE no_escopo(campeonato_id) ORDER BY campeonato_id, posicao
