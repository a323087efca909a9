SELECT * FROM jogadores_servidos ORDER BY nome, id
