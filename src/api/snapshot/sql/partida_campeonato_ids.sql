SELECT id, campeonato_id FROM partidas WHERE list_contains($1, id)
