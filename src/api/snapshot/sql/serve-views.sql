-- Installed once per served snapshot (TEMP objects work on READ_ONLY connections): the row shapes the API
-- reads, shared by the global part and the championship partitions.
CREATE OR REPLACE TEMP VIEW partidas_servidas AS
SELECT id, campeonato_id, rodada_id, fase_id, chave_id, jogo, time_mandante_id, time_visitante_id,
       placar_mandante, placar_visitante, penalti_mandante, penalti_visitante, status, data_hora,
       CAST(data_local AS VARCHAR) AS data_local, hora_local, estadio, slug,
       -- For ordering only: a match dated without a time sorts at its date's midnight.
       coalesce(inicio_utc, CAST(data_local AS TIMESTAMP)) AS inicio_utc
FROM partidas;
-- A player as served is a person (src/warehouse/people.ts): the person's first record, with the club,
-- position and number of the latest, the clubs of the career, every spelling and every record id.
CREATE OR REPLACE TEMP VIEW jogadores_servidos AS
SELECT j.id, p.time_id, j.nome, j.nome_popular, p.posicao, p.numero_camisa, j.idade, j.gols,
       p.clubes, p.grafias, p.registros
FROM jogadores j
JOIN pessoas p ON p.id = j.id;
