-- Match resource (spec "Match") and the partida.* webhook `dados`, as TEMP views over a snapshot (they work
-- on READ_ONLY connections too). A match is knockout when its phase is `mata-mata`: then `fase` is filled
-- and the rodada_* fields are null; otherwise the reverse.
CREATE OR REPLACE TEMP VIEW partida_contexto AS
SELECT p.id,
       CASE WHEN f.tipo = 'mata-mata' THEN {'id': f.id, 'nome': f.nome, 'slug': f.slug} END AS fase,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.id END AS rodada_id,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.numero END AS rodada_numero,
       CASE WHEN f.tipo = 'mata-mata' THEN NULL ELSE r.nome END AS rodada_nome
FROM partidas p
LEFT JOIN fases f ON f.id = p.fase_id
LEFT JOIN rodadas r ON r.id = p.rodada_id;

CREATE OR REPLACE TEMP VIEW recurso_partida AS
SELECT p.id, p.campeonato_id, p.rodada_id, p.fase_id, p.chave_id, p.inicio_utc,
       {'id': p.id,
        'rodada_id': x.rodada_id,
        'rodada_numero': x.rodada_numero,
        'rodada_nome': x.rodada_nome,
        'fase': x.fase,
        'time_mandante': {'id': tm.id, 'nome': tm.nome, 'sigla': tm.sigla, 'escudo_url': tm.escudo_url},
        'time_visitante': {'id': tv.id, 'nome': tv.nome, 'sigla': tv.sigla, 'escudo_url': tv.escudo_url},
        'placar_mandante': p.placar_mandante,
        'placar_visitante': p.placar_visitante,
        'disputa_penalti': p.penalti_mandante IS NOT NULL,
        -- always the object, null values when there was no shoot-out (docs/decisions.md, Core)
        'penalti': {'placar_mandante': p.penalti_mandante, 'placar_visitante': p.penalti_visitante},
        'status': p.status,
        'slug': p.slug,
        'data_realizacao': strftime(p.data_local, '%d/%m/%Y'),
        'hora_realizacao': p.hora_local,
        'data_hora_realizacao': p.data_hora,
        'estadio': p.estadio} AS recurso
FROM partidas p
JOIN partida_contexto x ON x.id = p.id
JOIN times tm ON tm.id = p.time_mandante_id
JOIN times tv ON tv.id = p.time_visitante_id;

-- One goal as the webhook shows it ({tipo, jogador, time_nome, minuto}); minuto is the base minute and
-- stoppage time only orders.
CREATE OR REPLACE TEMP VIEW recurso_gol AS
SELECT e.id, e.partida_id, e.minuto, e.acrescimo,
       {'tipo': e.tipo, 'jogador': e.jogador, 'time_nome': t.nome, 'minuto': e.minuto} AS gol
FROM eventos e
JOIN times t ON t.id = e.time_id
WHERE e.tipo IN ('gol', 'gol_contra', 'penalti');

-- `dados` of the partida.* webhooks (spec "Payload envelope"); `gols` ordered by minute, then stoppage time.
CREATE OR REPLACE TEMP VIEW evento_partida AS
SELECT p.id, p.campeonato_id,
       {'id': p.id,
        'campeonato_id': p.campeonato_id,
        'rodada_numero': x.rodada_numero,
        'fase': x.fase,
        'status': p.status,
        'placar_mandante': p.placar_mandante,
        'placar_visitante': p.placar_visitante,
        'time_mandante': {'id': tm.id, 'nome': tm.nome, 'sigla': tm.sigla},
        'time_visitante': {'id': tv.id, 'nome': tv.nome, 'sigla': tv.sigla},
        'estadio': p.estadio,
        'gols': coalesce(g.gols, [])} AS dados
FROM partidas p
JOIN partida_contexto x ON x.id = p.id
JOIN times tm ON tm.id = p.time_mandante_id
JOIN times tv ON tv.id = p.time_visitante_id
LEFT JOIN (SELECT partida_id, list(gol ORDER BY minuto, coalesce(acrescimo, 0), id) AS gols
           FROM recurso_gol GROUP BY partida_id) g ON g.partida_id = p.id;
