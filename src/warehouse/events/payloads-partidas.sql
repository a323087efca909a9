-- What the partida.* `dados` are made of, for the matches with events (macro detect_payload; detect.ts assembles them;
-- their gols come from gols-partidas.sql). The match's context follows the rule of partidas_contexto in
-- sql/resources/01-partida.sql: a match of a `mata-mata` phase has `fase` and no round number; any other
-- has its round's number and no `fase`. The shoot-out and the kick-off come as in the Match resource (a receiver
-- of partida.encerrada must tell who went through, and when it was played). Flat columns: a struct per row cost DuckDB more to plan than the
-- whole query costs to run.
SELECT p.id, p.campeonato_id,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.numero END AS rodada_numero,
       coalesce(f.tipo = 'mata-mata', false) AS mata_mata, f.id AS fase_id, f.nome AS fase_nome, f.slug AS fase_slug,
       p.status, p.placar_mandante, p.placar_visitante, p.penalti_mandante, p.penalti_visitante, p.data_hora,
       tm.id AS mandante_id, tm.nome AS mandante_nome, tm.sigla AS mandante_sigla,
       tv.id AS visitante_id, tv.nome AS visitante_nome, tv.sigla AS visitante_sigla,
       p.estadio
FROM partidas p
LEFT JOIN fases f ON f.id = p.fase_id
LEFT JOIN rodadas r ON r.id = p.rodada_id
JOIN times tm ON tm.id = p.time_mandante_id
JOIN times tv ON tv.id = p.time_visitante_id
WHERE detect_payload(p.id);
