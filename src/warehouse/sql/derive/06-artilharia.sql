-- @le partidas.estrutura partidas.data eventos.gols jogadores
-- Top scorers: goals of type gol and penalti credited to the scorer; own goals are never credited, and a
-- player with no goal has no row. Goals count as soon as they are stored (live matches included).
-- Goals count for the person (jogadores.pessoa_id), under the id of their first record; time_id is the
-- team of the person's latest goal in the championship. Reads the stored tables, not
-- 00-base's: a live goal runs this step alone, and then the shared pieces are not built at all.
CREATE OR REPLACE TEMP TABLE derive_artilharia AS
SELECT p.campeonato_id, pe.id AS jogador_id,
       arg_max(e.time_id, (p.inicio_utc, e.minuto, coalesce(e.acrescimo, 0), e.id)) AS time_id,
       count(*)::INTEGER AS gols,
       row_number() OVER (PARTITION BY p.campeonato_id
                          ORDER BY count(*) DESC, any_value(pe.nome_popular), any_value(pe.nome), pe.id)::INTEGER AS posicao
FROM eventos e
JOIN partidas p ON p.id = e.partida_id
JOIN jogadores j ON j.id = e.jogador_id
-- a person's goals under every club and spelling count once, for the person (people.ts)
JOIN jogadores pe ON pe.id = coalesce(j.pessoa_id, j.id)
WHERE e.tipo IN ('gol', 'penalti') AND em_escopo(p.campeonato_id)
GROUP BY p.campeonato_id, pe.id;

-- The stored rows of the championships in scope become the computed ones: a changed row is updated in
-- place, a new one inserted, a vanished one deleted, and a row left as it was is not written (nothing for
-- the checkpoint to rewrite; an update in place also costs it less than a delete + insert).
MERGE INTO artilharia t
USING derive_artilharia s
ON t.campeonato_id = s.campeonato_id AND t.jogador_id = s.jogador_id
WHEN MATCHED AND (t.time_id IS DISTINCT FROM s.time_id OR t.gols <> s.gols OR t.posicao <> s.posicao)
  THEN UPDATE SET time_id = s.time_id, gols = s.gols, posicao = s.posicao
WHEN NOT MATCHED THEN INSERT (campeonato_id, jogador_id, time_id, gols, posicao)
  VALUES (s.campeonato_id, s.jogador_id, s.time_id, s.gols, s.posicao)
WHEN NOT MATCHED BY SOURCE AND em_escopo(t.campeonato_id) THEN DELETE;

-- A player's total spans championships: the sum of their rows in artilharia, which holds every
-- championship's (small) table; only changed rows are written.
UPDATE jogadores SET gols = n.gols
FROM (
  SELECT j.id, coalesce(sum(a.gols), 0)::INTEGER AS gols
  FROM jogadores j
  LEFT JOIN artilharia a ON a.jogador_id = j.id
  GROUP BY j.id
) n
WHERE jogadores.id = n.id AND jogadores.gols <> n.gols;
