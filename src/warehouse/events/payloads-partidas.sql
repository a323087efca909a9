-- partida.* payloads of the occurrences found by changes.sql; $ids: the matches involved, bound as a list
-- (never NULL, which the resource macros read as "all"). Per match (by championship, id): criada,
-- escalacao_publicada, ao_vivo, placar_atualizado, gol (by minute), encerrada.
SELECT o.evento, d.campeonato_id, o.partida_id,
       CASE WHEN g.id IS NULL THEN to_json(d.dados) ELSE to_json(struct_insert(d.dados, gol := g.gol)) END::VARCHAR AS dados
FROM detect_ocorrencias o
JOIN eventos_partida($ids) d ON d.id = o.partida_id
LEFT JOIN recurso_gol g ON g.id = o.gol_id
ORDER BY d.campeonato_id, o.partida_id, o.ordem, g.minuto, coalesce(g.acrescimo, 0), g.id;
