-- Of the players named only by a load's events (macro pessoas_candidatas), those whose person their new
-- appearances cannot change (people.ts playersToResolve): the only record of its name and its own person (one
-- record is one person whatever its stints), with its own position and number, or no lineup in the matches the
-- load wrote (macro pessoas_partidas), whose kick-offs could make another of its lineups the latest.
SELECT j.id FROM jogadores j
JOIN jogadores o ON o.chave_pessoa = j.chave_pessoa OR o.pessoa_id = j.id
WHERE pessoas_candidatas(j.id) AND j.pessoa_id = j.id
  AND ((j.posicao IS NOT NULL AND j.numero_camisa IS NOT NULL)
    OR NOT EXISTS (SELECT 1 FROM escalacao_jogadores e WHERE e.jogador_id = j.id AND pessoas_partidas(e.partida_id)))
GROUP BY j.id
HAVING count(*) = 1;
