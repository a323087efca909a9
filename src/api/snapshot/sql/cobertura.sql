-- Coverage per championship, with when an ingest last loaded it and, for overdue matches (counted per
-- request: it depends on the clock), the kick-offs (epoch ms) of its matches still without a result, sorted.
-- A match dated without a time counts from the end of its day in Brasília (27 h after its UTC midnight).
SELECT c.campeonato_id, c.classificacao, c.rodadas, c.partidas, c.ao_vivo, c.escalacoes, c.estatisticas,
       k.atualizado_em, coalesce(p.inicios, []) AS pendentes
FROM cobertura c
JOIN campeonatos k ON k.id = c.campeonato_id
LEFT JOIN (
  SELECT campeonato_id, list(inicio ORDER BY inicio) AS inicios
  FROM (SELECT campeonato_id, epoch_ms(coalesce(inicio_utc, CAST(data_local AS TIMESTAMP) + INTERVAL 27 HOUR)) AS inicio
        FROM partidas WHERE status IN ('aguardando', 'ao_vivo'))
  WHERE inicio IS NOT NULL
  GROUP BY campeonato_id
) p ON p.campeonato_id = c.campeonato_id
