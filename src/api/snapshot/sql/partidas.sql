-- Ordered by kick-off (a date without a time at its midnight; undated matches last), the order of every match list.
SELECT id, campeonato_id, rodada_id, fase_id, chave_id, jogo, time_mandante_id, time_visitante_id,
       placar_mandante, placar_visitante, penalti_mandante, penalti_visitante, status, data_hora,
       CAST(data_local AS VARCHAR) AS data_local, hora_local, estadio, slug
FROM partidas ORDER BY coalesce(inicio_utc, CAST(data_local AS TIMESTAMP)) NULLS LAST, id
