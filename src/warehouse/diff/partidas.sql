-- Matches added, changed (field by field) or removed between the snapshots attached as `antes` and `depois`
-- (ids are stable across snapshots). Scores read "1 x 0"; a field absent on one side is NULL.
CREATE OR REPLACE TEMP MACRO diff_placar(m, v) AS CASE WHEN m IS NULL AND v IS NULL THEN NULL ELSE concat(coalesce(CAST(m AS VARCHAR), '?'), ' x ', coalesce(CAST(v AS VARCHAR), '?')) END;
WITH nomes AS (
  SELECT id, nome FROM depois.times
  UNION ALL SELECT id, nome FROM antes.times WHERE id NOT IN (SELECT id FROM depois.times)
), pares AS (
  SELECT a.id AS id_antes, d.id AS id_depois, coalesce(d.id, a.id) AS partida_id,
         coalesce(d.campeonato_id, a.campeonato_id) AS campeonato_id,
         coalesce(d.time_mandante_id, a.time_mandante_id) AS mandante_id,
         coalesce(d.time_visitante_id, a.time_visitante_id) AS visitante_id,
         coalesce(d.data_hora, a.data_hora, CAST(coalesce(d.data_local, a.data_local) AS VARCHAR)) AS data_hora,
         coalesce(d.inicio_utc, a.inicio_utc) AS inicio_utc,
         [{'campo': 'placar', 'antes': diff_placar(a.placar_mandante, a.placar_visitante), 'depois': diff_placar(d.placar_mandante, d.placar_visitante)},
          {'campo': 'penaltis', 'antes': diff_placar(a.penalti_mandante, a.penalti_visitante), 'depois': diff_placar(d.penalti_mandante, d.penalti_visitante)},
          {'campo': 'prorrogacao', 'antes': CAST(a.prorrogacao AS VARCHAR), 'depois': CAST(d.prorrogacao AS VARCHAR)},
          {'campo': 'status', 'antes': a.status, 'depois': d.status},
          {'campo': 'data_hora', 'antes': coalesce(a.data_hora, CAST(a.data_local AS VARCHAR)), 'depois': coalesce(d.data_hora, CAST(d.data_local AS VARCHAR))},
          {'campo': 'estadio', 'antes': a.estadio, 'depois': d.estadio},
          {'campo': 'time_mandante_id', 'antes': CAST(a.time_mandante_id AS VARCHAR), 'depois': CAST(d.time_mandante_id AS VARCHAR)},
          {'campo': 'time_visitante_id', 'antes': CAST(a.time_visitante_id AS VARCHAR), 'depois': CAST(d.time_visitante_id AS VARCHAR)},
          {'campo': 'rodada_id', 'antes': CAST(a.rodada_id AS VARCHAR), 'depois': CAST(d.rodada_id AS VARCHAR)},
          {'campo': 'fase_id', 'antes': CAST(a.fase_id AS VARCHAR), 'depois': CAST(d.fase_id AS VARCHAR)}] AS todos
  FROM antes.partidas a FULL JOIN depois.partidas d ON d.id = a.id
)
SELECT p.campeonato_id, p.partida_id,
       CASE WHEN p.id_antes IS NULL THEN 'adicionada' WHEN p.id_depois IS NULL THEN 'removida' ELSE 'alterada' END AS mudanca,
       concat(coalesce(tm.nome, '?'), ' x ', coalesce(tv.nome, '?')) AS jogo,
       p.data_hora,
       list_filter(p.todos, c -> c.antes IS DISTINCT FROM c.depois) AS campos
FROM pares p
LEFT JOIN nomes tm ON tm.id = p.mandante_id
LEFT JOIN nomes tv ON tv.id = p.visitante_id
WHERE p.id_antes IS NULL OR p.id_depois IS NULL OR len(list_filter(p.todos, c -> c.antes IS DISTINCT FROM c.depois)) > 0
ORDER BY p.campeonato_id, p.inicio_utc NULLS LAST, p.partida_id
