SELECT id FROM partidas WHERE status = 'ao_vivo'
