SELECT * FROM jogadores_servidos WHERE list_contains($1, id)
