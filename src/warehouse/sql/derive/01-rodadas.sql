-- @le partidas.estrutura partidas.data
-- @escreve rodadas.status
-- Round status and date (local date of its first match).
UPDATE rodadas SET status = s.status, data = s.data
FROM (
  SELECT r.id,
         derive_progresso(count(p.id) FILTER (WHERE p.iniciada), count(p.id) FILTER (WHERE p.pendente),
                          ['agendada', 'andamento', 'encerrada']) AS status,
         min(p.data_local) AS data
  FROM rodadas r
  LEFT JOIN derive_partidas p ON p.rodada_id = r.id
  WHERE em_escopo(r.campeonato_id)
  GROUP BY r.id
) s
WHERE rodadas.id = s.id AND (rodadas.status IS DISTINCT FROM s.status OR rodadas.data IS DISTINCT FROM s.data);
