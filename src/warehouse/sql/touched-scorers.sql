-- People credited with a goal (own goals are not) in the matches of the bound list: whose gols total may
-- change. A goal counts for its scorer's person (people.ts), whose first record holds the total.
SELECT DISTINCT coalesce(j.pessoa_id, e.jogador_id) AS jogador_id FROM eventos e
JOIN jogadores j ON j.id = e.jogador_id
WHERE e.tipo IN ('gol', 'penalti') AND e.partida_id IN (SELECT unnest($1::INTEGER[]))
