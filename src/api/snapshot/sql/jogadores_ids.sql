SELECT * FROM jogadores_servidos WHERE list_has_any(registros, $1)
