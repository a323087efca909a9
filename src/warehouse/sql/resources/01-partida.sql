-- Match resource (spec "Match"). Table macros take `ids` (match ids) and `rodadas` (round ids) to restrict
-- what they build, NULL = no restriction, so that event detection builds only what changed (round
-- payloads); the views build everything (the API). Pass lists as constants or bound parameters: a
-- subquery there is evaluated row by row. TEMP objects work on READ_ONLY connections too.
-- A match is knockout when its phase is `mata-mata`: then `fase` is filled and the rodada_* fields are
-- null; otherwise the reverse.
CREATE OR REPLACE TEMP MACRO partidas_contexto(ids, rodadas) AS TABLE
-- `inicio_utc` orders match lists: a match dated without a time sorts at its date's midnight.
SELECT p.id, p.campeonato_id, p.rodada_id, p.fase_id, p.chave_id,
       coalesce(p.inicio_utc, CAST(p.data_local AS TIMESTAMP)) AS inicio_utc, p.status, p.placar_mandante,
       p.placar_visitante, p.penalti_mandante, p.penalti_visitante, p.slug, p.data_local, p.hora_local,
       p.data_hora, p.estadio,
       CASE WHEN f.tipo = 'mata-mata' THEN {'id': f.id, 'nome': f.nome, 'slug': f.slug} END AS fase,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.id END AS ctx_rodada_id,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.numero END AS ctx_rodada_numero,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.nome END AS ctx_rodada_nome,
       {'id': tm.id, 'nome': tm.nome, 'sigla': tm.sigla} AS mandante,
       {'id': tv.id, 'nome': tv.nome, 'sigla': tv.sigla} AS visitante,
       tm.escudo_url AS mandante_escudo, tv.escudo_url AS visitante_escudo
FROM partidas p
LEFT JOIN fases f ON f.id = p.fase_id
LEFT JOIN rodadas r ON r.id = p.rodada_id
JOIN times tm ON tm.id = p.time_mandante_id
JOIN times tv ON tv.id = p.time_visitante_id
WHERE (ids IS NULL OR list_contains(ids, p.id)) AND (rodadas IS NULL OR list_contains(rodadas, p.rodada_id));

CREATE OR REPLACE TEMP MACRO recursos_partida(ids, rodadas) AS TABLE
SELECT id, campeonato_id, rodada_id, fase_id, chave_id, inicio_utc,
       {'id': id,
        'rodada_id': ctx_rodada_id,
        'rodada_numero': ctx_rodada_numero,
        'rodada_nome': ctx_rodada_nome,
        'fase': fase,
        'time_mandante': struct_insert(mandante, escudo_url := mandante_escudo),
        'time_visitante': struct_insert(visitante, escudo_url := visitante_escudo),
        'placar_mandante': placar_mandante,
        'placar_visitante': placar_visitante,
        'disputa_penalti': penalti_mandante IS NOT NULL,
        -- always the object, null values when there was no shoot-out (docs/decisions.md, Core)
        'penalti': {'placar_mandante': penalti_mandante, 'placar_visitante': penalti_visitante},
        'status': status,
        'slug': slug,
        'data_realizacao': strftime(data_local, '%d/%m/%Y'),
        'hora_realizacao': hora_local,
        'data_hora_realizacao': data_hora,
        'estadio': estadio} AS recurso
FROM partidas_contexto(ids, rodadas);
