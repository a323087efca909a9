-- The goals of the matches with events (macro detect_payload) as the partida.* webhooks show them ({tipo, jogador,
-- time_nome, minuto}; minuto is the base minute, stoppage time only orders), in the order of `gols`.
SELECT e.partida_id, e.id, e.tipo, e.jogador, t.nome AS time_nome, e.minuto
FROM eventos e
JOIN times t ON t.id = e.time_id
WHERE e.tipo IN ('gol', 'gol_contra', 'penalti') AND detect_payload(e.partida_id)
ORDER BY e.partida_id, e.minuto, coalesce(e.acrescimo, 0), e.id;
