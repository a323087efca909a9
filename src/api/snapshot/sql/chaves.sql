SELECT c.id, c.fase_id, c.nome, c.slug, c.ordem, c.partida_ida_id, c.partida_volta_id
FROM chaves c JOIN fases f ON f.id = c.fase_id WHERE f.campeonato_id = $1 ORDER BY c.fase_id, c.ordem, c.id
