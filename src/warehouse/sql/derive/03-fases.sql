-- @le partidas.estrutura chaves
-- @escreve fases.status
-- Phase status from its matches; a knockout phase is finished only when every tie has a winner too.
UPDATE fases SET status = s.status
FROM (
  SELECT f.id,
         derive_progresso(coalesce(m.iniciadas, 0), coalesce(m.pendentes, 0) + coalesce(k.indecisas, 0),
                          ['agendada', 'andamento', 'finalizada']) AS status
  FROM fases f
  LEFT JOIN (SELECT fase_id, count(*) FILTER (WHERE iniciada) AS iniciadas, count(*) FILTER (WHERE pendente) AS pendentes
             FROM derive_partidas GROUP BY fase_id) m ON m.fase_id = f.id
  LEFT JOIN (SELECT fase_id, count(*) FILTER (WHERE vencedor_id IS NULL) AS indecisas
             FROM chaves GROUP BY fase_id) k ON k.fase_id = f.id
  WHERE em_escopo(f.campeonato_id)
) s
WHERE fases.id = s.id AND fases.status IS DISTINCT FROM s.status;
