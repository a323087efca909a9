-- Ordered by kick-off (unknown kick-offs last), the order of every match list.
SELECT id, campeonato_id, rodada_id, fase_id, chave_id, jogo, time_mandante_id, time_visitante_id,
       placar_mandante, placar_visitante, penalti_mandante, penalti_visitante, status, data_hora,
       CAST(data_local AS VARCHAR) AS data_local, hora_local, estadio, slug
FROM partidas ORDER BY inicio_utc NULLS LAST, id
