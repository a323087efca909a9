-- @le partidas.estrutura rodadas.status fases.status chaves
-- Championship status (the feed's status_fonte wins) and rodada_atual: the round in progress (lowest
-- numero), else the first round not finished, else the last round. A knockout championship is `encerrado`
-- only when its last phase is one tie with a winner, its final: every stored match played is not enough
-- when the file stops before the end (Copa do Brasil 2025's holds phases 1–3). A points-based one ends with
-- its last stored match (a match never played, such as Série A 2016's Chapecoense x Atlético-MG, must not
-- keep it open).
UPDATE campeonatos SET status = s.status, rodada_atual = s.rodada_atual
FROM (
  SELECT c.id,
         coalesce(c.status_fonte,
                  derive_progresso(coalesce(m.iniciadas, 0),
                                   coalesce(m.pendentes, 0) + coalesce(f.abertas, 0)
                                     + CASE WHEN c.tipo = 'mata-mata' AND NOT coalesce(u.final_decidida, false) THEN 1 ELSE 0 END,
                                   ['agendado', 'andamento', 'encerrado'])) AS status,
         r.rodada_atual
  FROM campeonatos c
  LEFT JOIN (SELECT campeonato_id, count(*) FILTER (WHERE iniciada) AS iniciadas, count(*) FILTER (WHERE pendente) AS pendentes
             FROM derive_partidas GROUP BY campeonato_id) m ON m.campeonato_id = c.id
  -- the last phase of a knockout championship: complete when it is one tie with a winner (the final)
  LEFT JOIN (SELECT f.campeonato_id, count(k.id) = 1 AND bool_and(k.vencedor_id IS NOT NULL) AS final_decidida
             FROM fases f
             LEFT JOIN chaves k ON k.fase_id = f.id
             WHERE f.ordem = (SELECT max(o.ordem) FROM fases o WHERE o.campeonato_id = f.campeonato_id)
             GROUP BY f.campeonato_id) u ON u.campeonato_id = c.id
  -- a phase not yet finished (e.g. a final with no matches stored yet) keeps the championship open
  LEFT JOIN (SELECT campeonato_id, count(*) FILTER (WHERE status <> 'finalizada') AS abertas
             FROM fases GROUP BY campeonato_id) f ON f.campeonato_id = c.id
  LEFT JOIN (SELECT campeonato_id,
                    coalesce(min(numero) FILTER (WHERE status = 'andamento'),
                             min(numero) FILTER (WHERE status <> 'encerrada'),
                             max(numero)) AS rodada_atual
             FROM rodadas GROUP BY campeonato_id) r ON r.campeonato_id = c.id
  WHERE em_escopo(c.id)
) s
WHERE campeonatos.id = s.id
  AND (campeonatos.status IS DISTINCT FROM s.status OR campeonatos.rodada_atual IS DISTINCT FROM s.rodada_atual);
