SELECT id, campeonato_id FROM partidas
