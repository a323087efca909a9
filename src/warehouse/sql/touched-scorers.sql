-- Last of the upsert's run: the people credited with a goal (own goals are not) in the matches of the load
-- (macro carga_partidas), before or after it wrote them (the events stored now, and those the eventos
-- section replaced, as they were: antes_upsert_eventos), whose gols total may change; and whether any stored
-- row changed (carga_mudou). A goal counts for its scorer's person (people.ts), whose first record holds the
-- total; a person id a load never changes (upsert.sql carries it over).
SELECT (
  SELECT list(DISTINCT coalesce(j.pessoa_id, e.jogador_id))
  FROM (SELECT jogador_id, tipo, partida_id FROM eventos
        UNION ALL SELECT jogador_id, tipo, partida_id FROM antes_upsert_eventos) e
  JOIN jogadores j ON j.id = e.jogador_id
  WHERE e.tipo IN ('gol', 'penalti') AND carga_partidas(e.partida_id)
) AS marcadores, EXISTS (SELECT 1 FROM carga_mudou) AS mudou
