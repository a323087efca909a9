-- Payloads of the occurrences found by changes.sql. $partidas, $rodadas, $fases: the ids involved, bound as
-- lists (never NULL, which the resource macros read as "all").
-- Order: per match (by championship, id) criada, escalacao_publicada, ao_vivo, placar_atualizado, gol (by
-- minute), encerrada; then rounds; then knockout phases.
SELECT o.evento, d.campeonato_id, o.partida_id,
       CASE WHEN g.id IS NULL THEN to_json(d.dados) ELSE to_json(struct_insert(d.dados, gol := g.gol)) END::VARCHAR AS dados,
       1 AS grupo, d.campeonato_id AS k1, o.partida_id AS k2, o.ordem AS k3, g.minuto AS k4, coalesce(g.acrescimo, 0) AS k5, g.id AS k6
FROM detect_ocorrencias o
JOIN eventos_partida($partidas) d ON d.id = o.partida_id
LEFT JOIN recurso_gol g ON g.id = o.gol_id
UNION ALL
SELECT 'rodada.encerrada', r.campeonato_id, NULL, to_json(r.recurso)::VARCHAR, 2, r.campeonato_id, r.numero, r.id, NULL, NULL, NULL
FROM recursos_rodada($rodadas) r
UNION ALL
SELECT 'fase.finalizada', f.campeonato_id, NULL, to_json(f.recurso)::VARCHAR, 3, f.campeonato_id, f.ordem, f.id, NULL, NULL, NULL
FROM recurso_fase f
WHERE list_contains($fases, f.id)
ORDER BY grupo, k1, k2, k3, k4, k5, k6;
