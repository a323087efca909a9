-- What the load changed in the matches it wrote, as the aspects derive steps read (`-- @le` in
-- sql/derive/*.sql): compares the rows upsert.sql saved before writing with the rows now stored.
-- estrutura: a new match, or one whose status or place (championship, round, phase, tie, leg, teams) moved;
-- resultado: a score or shoot-out of a match finished before or after (no derived figure reads the score of
-- an unfinished match); data: its kick-off.
SELECT
  coalesce(bool_or(a.id IS NULL OR a.status IS DISTINCT FROM p.status OR a.campeonato_id IS DISTINCT FROM p.campeonato_id
    OR a.rodada_id IS DISTINCT FROM p.rodada_id OR a.fase_id IS DISTINCT FROM p.fase_id OR a.chave_id IS DISTINCT FROM p.chave_id
    OR a.jogo IS DISTINCT FROM p.jogo OR a.time_mandante_id IS DISTINCT FROM p.time_mandante_id
    OR a.time_visitante_id IS DISTINCT FROM p.time_visitante_id), false) AS "partidas.estrutura",
  coalesce(bool_or((a.status = 'encerrado' OR p.status = 'encerrado') AND (
    a.placar_mandante IS DISTINCT FROM p.placar_mandante OR a.placar_visitante IS DISTINCT FROM p.placar_visitante
    OR a.penalti_mandante IS DISTINCT FROM p.penalti_mandante OR a.penalti_visitante IS DISTINCT FROM p.penalti_visitante)), false)
    AS "partidas.resultado",
  coalesce(bool_or(a.data_hora IS DISTINCT FROM p.data_hora OR a.data_local IS DISTINCT FROM p.data_local
    OR a.inicio_utc IS DISTINCT FROM p.inicio_utc), false) AS "partidas.data"
FROM partidas p
LEFT JOIN antes_upsert_partidas a ON a.id = p.id
WHERE em_stage_partidas(p.id);
