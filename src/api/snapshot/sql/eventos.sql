-- Ordered by minute, stoppage time within the minute, then feed order: the events endpoint's order.
SELECT partida_id, tipo, minuto, acrescimo, time_id, jogador FROM eventos
ORDER BY partida_id, minuto, COALESCE(acrescimo, 0), id
