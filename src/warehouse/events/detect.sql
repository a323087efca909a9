-- Events for what changed since captureState, in a deterministic order: per match (by championship and
-- id) criada, escalacao_publicada, ao_vivo, placar_atualizado, gol (by minute), encerrada; then rounds;
-- then knockout phases. A match absent before is compared with an empty state (no status, no score, no
-- goals, no lineup), so a new match also gets the transitions it arrives with.
WITH partida AS (
  SELECT p.id, p.campeonato_id, p.status, a.id IS NULL AS nova, a.status AS status_antes,
         coalesce(p.placar_mandante, 0) <> coalesce(a.placar_mandante, 0)
           OR coalesce(p.placar_visitante, 0) <> coalesce(a.placar_visitante, 0) AS placar_mudou
  FROM partidas p
  LEFT JOIN antes_partidas a ON a.id = p.id
),
ocorrencias AS (
  SELECT id AS partida_id, 1 AS ordem, 'partida.criada' AS evento, NULL::INTEGER AS gol_id FROM partida WHERE nova
  UNION ALL
  SELECT DISTINCT e.partida_id, 2, 'partida.escalacao_publicada', NULL
  FROM escalacoes e
  WHERE e.confirmada AND NOT EXISTS (SELECT 1 FROM antes_escalacoes a WHERE a.partida_id = e.partida_id AND a.lado = e.lado)
  UNION ALL
  SELECT id, 3, 'partida.ao_vivo', NULL FROM partida WHERE status = 'ao_vivo' AND status_antes IS DISTINCT FROM 'ao_vivo'
  UNION ALL
  SELECT id, 4, 'partida.placar_atualizado', NULL FROM partida WHERE placar_mudou
  UNION ALL
  SELECT g.partida_id, 5, 'partida.gol', g.id FROM recurso_gol g WHERE g.id NOT IN (SELECT id FROM antes_gols)
  UNION ALL
  SELECT id, 6, 'partida.encerrada', NULL FROM partida WHERE status = 'encerrado' AND status_antes IS DISTINCT FROM 'encerrado'
)
SELECT o.evento, d.campeonato_id, o.partida_id,
       CASE WHEN g.id IS NULL THEN to_json(d.dados) ELSE to_json(struct_insert(d.dados, gol := g.gol)) END::VARCHAR AS dados,
       1 AS grupo, d.campeonato_id AS k1, o.partida_id AS k2, o.ordem AS k3, g.minuto AS k4, coalesce(g.acrescimo, 0) AS k5, g.id AS k6
FROM ocorrencias o
JOIN evento_partida d ON d.id = o.partida_id
LEFT JOIN recurso_gol g ON g.id = o.gol_id
UNION ALL
SELECT 'rodada.encerrada', r.campeonato_id, NULL, to_json(r.recurso)::VARCHAR, 2, r.campeonato_id, r.numero, r.id, NULL, NULL, NULL
FROM recurso_rodada r
JOIN rodadas atual ON atual.id = r.id
LEFT JOIN antes_rodadas a ON a.id = r.id
WHERE atual.status = 'encerrada' AND a.status IS DISTINCT FROM 'encerrada'
UNION ALL
SELECT 'fase.finalizada', f.campeonato_id, NULL, to_json(f.recurso)::VARCHAR, 3, f.campeonato_id, f.ordem, f.id, NULL, NULL, NULL
FROM recurso_fase f
JOIN fases atual ON atual.id = f.id
LEFT JOIN antes_fases a ON a.id = f.id
WHERE atual.tipo = 'mata-mata' AND atual.status = 'finalizada' AND a.status IS DISTINCT FROM 'finalizada'
ORDER BY grupo, k1, k2, k3, k4, k5, k6;
