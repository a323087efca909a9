-- Every player record of the names in pessoas_escopo (people.ts) with its stints: per championship, the
-- first and last local date it appears in a match (author of an event, player coming on, in a lineup). A
-- record with no appearance has one row with a null stint. `escalado_posicao` / `escalado_numero`: what the record's latest lineup says (the position's
-- sigla, else its name), for a record whose source gave neither.
WITH registros AS (SELECT * FROM jogadores WHERE chave_pessoa IN (SELECT chave FROM pessoas_escopo)),
aparicoes AS (
  SELECT jogador_id AS id, partida_id FROM eventos WHERE jogador_id IN (SELECT id FROM registros)
  UNION ALL SELECT jogador_entra_id, partida_id FROM eventos WHERE jogador_entra_id IN (SELECT id FROM registros)
  UNION ALL SELECT jogador_id, partida_id FROM escalacao_jogadores WHERE jogador_id IN (SELECT id FROM registros)
),
escalados AS (
  SELECT e.jogador_id AS id, arg_max(coalesce(e.posicao_sigla, e.posicao), p.inicio_utc) AS posicao,
         arg_max(e.numero, p.inicio_utc) AS numero
  FROM escalacao_jogadores e JOIN partidas p ON p.id = e.partida_id
  WHERE e.jogador_id IN (SELECT id FROM registros)
  GROUP BY e.jogador_id
)
SELECT j.id, j.nome, j.chave_pessoa, j.time_id, j.posicao, j.numero_camisa, j.pessoa_id, p.campeonato_id,
       s.posicao AS escalado_posicao, s.numero AS escalado_numero,
       strftime(min(coalesce(p.data_local, CAST(p.inicio_utc AS DATE))), '%Y-%m-%d') AS inicio,
       strftime(max(coalesce(p.data_local, CAST(p.inicio_utc AS DATE))), '%Y-%m-%d') AS fim
FROM registros j
LEFT JOIN aparicoes a ON a.id = j.id
LEFT JOIN partidas p ON p.id = a.partida_id
LEFT JOIN escalados s ON s.id = j.id
GROUP BY ALL
ORDER BY j.id;
