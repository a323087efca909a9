-- What the load changed in the events it wrote, as the aspects derive steps read (`-- @le` in
-- sql/derive/*.sql). An event counts with what it was and what it is, so a goal turned into a card affects
-- both standings and top scorers. cartoes: standings count cards; gols: top scorers count gol and penalti;
-- cobertura: coverage counts events of finished matches, and "any live data" (events or ao_vivo) per match,
-- which an ao_vivo match gives whatever its events.
WITH mudou AS (
  SELECT a.tipo AS tipo_antes, a.partida_id AS partida_antes, e.tipo, e.partida_id
  FROM eventos e
  LEFT JOIN antes_upsert_eventos a ON a.id = e.id
  WHERE em_stage_eventos(e.id)
    AND (a.id IS NULL OR a.tipo IS DISTINCT FROM e.tipo OR a.partida_id IS DISTINCT FROM e.partida_id
         OR a.minuto IS DISTINCT FROM e.minuto OR a.acrescimo IS DISTINCT FROM e.acrescimo
         OR a.time_id IS DISTINCT FROM e.time_id OR a.jogador_id IS DISTINCT FROM e.jogador_id)
),
lados AS (
  SELECT tipo_antes AS tipo, partida_antes AS partida_id FROM mudou WHERE partida_antes IS NOT NULL
  UNION ALL
  SELECT tipo, partida_id FROM mudou
)
SELECT coalesce(bool_or(l.tipo IN ('cartao_amarelo', 'cartao_vermelho')), false) AS "eventos.cartoes",
       coalesce(bool_or(l.tipo IN ('gol', 'penalti')), false) AS "eventos.gols",
       coalesce(bool_or(p.status IS DISTINCT FROM 'ao_vivo'), false) AS "eventos.cobertura"
FROM lados l
LEFT JOIN partidas p ON p.id = l.partida_id;
