SELECT * FROM campeonatos WHERE no_escopo(id) ORDER BY id
