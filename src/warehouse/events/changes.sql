-- Events for what changed since captureState. A match absent before is compared with an empty state (no
-- status, no score, no goals, no lineup), so a new match also gets the transitions it arrives with.
-- One statement, one row per occurrence: `recurso` partida (with `ordem`, the order of its events within
-- the match, and `gol_id` for partida.gol), rodada (rounds now finished) or fase (knockout phases now
-- finalised); detect.ts builds the payloads of the ids found here.
-- Only what is happening now (macro na_janela_ao_vivo, live-window.ts): a match's events when its kick-off
-- is in the live window, a round's or phase's when its last kick-off is; history loads record nothing.
WITH partida AS (
  SELECT p.id, p.status, a.id IS NULL AS nova, a.status AS status_antes,
         coalesce(p.placar_mandante, 0) <> coalesce(a.placar_mandante, 0)
           OR coalesce(p.placar_visitante, 0) <> coalesce(a.placar_visitante, 0) AS placar_mudou
  FROM partidas p
  LEFT JOIN antes_partidas a ON a.id = p.id
  WHERE detect_no_escopo(p.id) AND na_janela_ao_vivo(p.inicio_utc)
)
SELECT 'partida' AS recurso, id, 1 AS ordem, 'partida.criada' AS evento, NULL::INTEGER AS gol_id FROM partida WHERE nova
UNION ALL
SELECT DISTINCT 'partida', e.partida_id, 2, 'partida.escalacao_publicada', NULL
FROM escalacoes e
WHERE e.confirmada AND detect_no_escopo(e.partida_id) AND e.partida_id IN (SELECT id FROM partida) AND NOT EXISTS (SELECT 1 FROM antes_escalacoes a WHERE a.partida_id = e.partida_id AND a.lado = e.lado)
UNION ALL
SELECT 'partida', id, 3, 'partida.ao_vivo', NULL FROM partida WHERE status = 'ao_vivo' AND status_antes IS DISTINCT FROM 'ao_vivo'
UNION ALL
SELECT 'partida', id, 4, 'partida.placar_atualizado', NULL FROM partida WHERE placar_mudou
UNION ALL
SELECT 'partida', e.partida_id, 5, 'partida.gol', e.id
FROM eventos e
WHERE e.tipo IN ('gol', 'gol_contra', 'penalti') AND detect_no_escopo(e.partida_id) AND e.partida_id IN (SELECT id FROM partida) AND e.id NOT IN (SELECT id FROM antes_gols)
UNION ALL
SELECT 'partida', id, 6, 'partida.encerrada', NULL FROM partida WHERE status = 'encerrado' AND status_antes IS DISTINCT FROM 'encerrado'
UNION ALL
SELECT 'rodada', r.id, NULL, 'rodada.encerrada', NULL
FROM rodadas r LEFT JOIN antes_rodadas a ON a.id = r.id
WHERE r.status = 'encerrada' AND a.status IS DISTINCT FROM 'encerrada'
  AND na_janela_ao_vivo((SELECT max(p.inicio_utc) FROM partidas p WHERE p.rodada_id = r.id))
UNION ALL
SELECT 'fase', f.id, NULL, 'fase.finalizada', NULL
FROM fases f LEFT JOIN antes_fases a ON a.id = f.id
WHERE f.tipo = 'mata-mata' AND f.status = 'finalizada' AND a.status IS DISTINCT FROM 'finalizada'
  AND na_janela_ao_vivo((SELECT max(p.inicio_utc) FROM partidas p WHERE p.fase_id = f.id));
