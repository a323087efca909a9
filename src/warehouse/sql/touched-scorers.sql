-- Players credited with a goal (own goals are not) in the matches of the bound list: whose gols total may change.
SELECT DISTINCT jogador_id FROM eventos
WHERE tipo IN ('gol', 'penalti') AND jogador_id IS NOT NULL AND list_contains($1, partida_id)
