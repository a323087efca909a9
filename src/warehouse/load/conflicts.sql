-- Facts on which a staged match row and the stored row, last written by another source, disagree (the
-- rules of conflicts.ts, which does the same for two rows of one run): both values, both sources, and
-- which one the snapshot keeps.
WITH pares AS (
  SELECT s.id, t.fonte AS fonte_guardada, s.fonte AS fonte_recebida,
         s.data_hora IS NULL AND t.data_hora IS NOT NULL AS data_sozinha,
         strftime(t.data_local, '%Y-%m-%d') AS data_g, strftime(s.data_local, '%Y-%m-%d') AS data_r,
         t.hora_local AS hora_g, s.hora_local AS hora_r,
         CASE WHEN t.status = 'encerrado' THEN t.placar_mandante || 'x' || t.placar_visitante END AS placar_g,
         CASE WHEN s.status = 'encerrado' THEN s.placar_mandante || 'x' || s.placar_visitante END AS placar_r,
         t.estadio AS estadio_g, s.estadio AS estadio_r
  FROM stage_partidas s JOIN partidas t ON t.id = s.id
  WHERE t.fonte <> s.fonte
),
fatos AS (
  SELECT id, fonte_guardada, fonte_recebida, 'data' AS campo, data_g AS guardado, data_r AS recebido,
         CASE WHEN data_sozinha THEN 'guardado' ELSE 'recebido' END AS mantido FROM pares
  UNION ALL SELECT id, fonte_guardada, fonte_recebida, 'hora', hora_g, hora_r, 'recebido' FROM pares
  UNION ALL SELECT id, fonte_guardada, fonte_recebida, 'placar', placar_g, placar_r, 'guardado' FROM pares
  UNION ALL SELECT id, fonte_guardada, fonte_recebida, 'estadio', estadio_g, estadio_r, 'recebido' FROM pares
)
SELECT id AS partida_id, campo, fonte_guardada, guardado, fonte_recebida, recebido, mantido
FROM fatos
WHERE guardado IS NOT NULL AND recebido IS NOT NULL AND guardado <> recebido
ORDER BY id, campo
