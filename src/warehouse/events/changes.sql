-- Events for what changed since captureState. A match absent before is compared with an empty state (no
-- status, no score, no goals, no lineup), so a new match also gets the transitions it arrives with.
-- These cheap comparisons give the occurrences and the ids whose payloads payloads-*.sql then build.
CREATE OR REPLACE TEMP TABLE detect_ocorrencias AS
WITH partida AS (
  SELECT p.id, p.status, a.id IS NULL AS nova, a.status AS status_antes,
         coalesce(p.placar_mandante, 0) <> coalesce(a.placar_mandante, 0)
           OR coalesce(p.placar_visitante, 0) <> coalesce(a.placar_visitante, 0) AS placar_mudou
  FROM partidas p
  LEFT JOIN antes_partidas a ON a.id = p.id
  WHERE detect_no_escopo(p.id)
)
SELECT id AS partida_id, 1 AS ordem, 'partida.criada' AS evento, NULL::INTEGER AS gol_id FROM partida WHERE nova
UNION ALL
SELECT DISTINCT e.partida_id, 2, 'partida.escalacao_publicada', NULL
FROM escalacoes e
WHERE e.confirmada AND detect_no_escopo(e.partida_id) AND NOT EXISTS (SELECT 1 FROM antes_escalacoes a WHERE a.partida_id = e.partida_id AND a.lado = e.lado)
UNION ALL
SELECT id, 3, 'partida.ao_vivo', NULL FROM partida WHERE status = 'ao_vivo' AND status_antes IS DISTINCT FROM 'ao_vivo'
UNION ALL
SELECT id, 4, 'partida.placar_atualizado', NULL FROM partida WHERE placar_mudou
UNION ALL
SELECT e.partida_id, 5, 'partida.gol', e.id
FROM eventos e
WHERE e.tipo IN ('gol', 'gol_contra', 'penalti') AND detect_no_escopo(e.partida_id) AND e.id NOT IN (SELECT id FROM antes_gols)
UNION ALL
SELECT id, 6, 'partida.encerrada', NULL FROM partida WHERE status = 'encerrado' AND status_antes IS DISTINCT FROM 'encerrado';

-- Rounds now finished and knockout phases now finalised, read only here: no table of their own.
SELECT (SELECT list(DISTINCT partida_id) FROM detect_ocorrencias) AS partidas,
       (SELECT list(r.id) FROM rodadas r LEFT JOIN antes_rodadas a ON a.id = r.id
        WHERE r.status = 'encerrada' AND a.status IS DISTINCT FROM 'encerrada') AS rodadas,
       (SELECT list(f.id) FROM fases f LEFT JOIN antes_fases a ON a.id = f.id
        WHERE f.tipo = 'mata-mata' AND f.status = 'finalizada' AND a.status IS DISTINCT FROM 'finalizada') AS fases;
