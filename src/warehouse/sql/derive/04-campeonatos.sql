-- @le partidas.estrutura rodadas.status fases.status
-- Championship status (the feed's status_fonte wins) and rodada_atual: the round in progress (lowest
-- numero), else the first round not finished, else the last round.
UPDATE campeonatos SET status = s.status, rodada_atual = s.rodada_atual
FROM (
  SELECT c.id,
         coalesce(c.status_fonte,
                  derive_progresso(coalesce(m.iniciadas, 0), coalesce(m.pendentes, 0) + coalesce(f.abertas, 0),
                                   ['agendado', 'andamento', 'encerrado'])) AS status,
         r.rodada_atual
  FROM campeonatos c
  LEFT JOIN (SELECT campeonato_id, count(*) FILTER (WHERE iniciada) AS iniciadas, count(*) FILTER (WHERE pendente) AS pendentes
             FROM derive_partidas GROUP BY campeonato_id) m ON m.campeonato_id = c.id
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
