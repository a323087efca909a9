SELECT * FROM partidas WHERE no_escopo(campeonato_id) ORDER BY id
