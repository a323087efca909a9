-- Removals that would leave dangling references: a team, phase or round still used by a match that
-- stays, or a team that still has players. Such a tombstone is rejected, nothing is removed.
WITH ficam AS (SELECT * FROM partidas WHERE id NOT IN (SELECT id FROM remocao WHERE entidade = 'partida'))
SELECT r.entidade, r.id, count(*)::INTEGER AS n, 'partidas' AS por
FROM remocao r JOIN ficam p
  ON (r.entidade = 'time' AND r.id IN (p.time_mandante_id, p.time_visitante_id))
  OR (r.entidade = 'fase' AND p.fase_id = r.id)
  OR (r.entidade = 'rodada' AND p.rodada_id = r.id)
GROUP BY r.entidade, r.id
UNION ALL
SELECT 'time', j.time_id, count(*)::INTEGER, 'jogadores'
FROM jogadores j
WHERE j.time_id IN (SELECT id FROM remocao WHERE entidade = 'time')
  AND j.id NOT IN (SELECT id FROM remocao WHERE entidade = 'jogador')
GROUP BY j.time_id
ORDER BY 1, 2, 4;
