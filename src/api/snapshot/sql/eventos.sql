-- Ordered by minute, stoppage time within the minute, then feed order: the events endpoint's order.
SELECT e.partida_id, e.tipo, e.minuto, e.acrescimo, e.time_id, e.jogador
FROM eventos e JOIN partidas p ON p.id = e.partida_id WHERE p.campeonato_id = $1
ORDER BY e.partida_id, e.minuto, COALESCE(e.acrescimo, 0), e.id
