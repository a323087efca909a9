-- The matches and teams of the export's championships (TEMP: the snapshot is READ_ONLY). The macros
-- exportacao_completa() and no_escopo(campeonato_id) come from export.ts; a full export takes every row,
-- also teams and players no match names.
CREATE OR REPLACE TEMP TABLE exp_partidas AS
SELECT id, time_mandante_id, time_visitante_id FROM partidas WHERE no_escopo(campeonato_id);
CREATE OR REPLACE TEMP TABLE exp_times AS
SELECT time_mandante_id AS id FROM exp_partidas UNION SELECT time_visitante_id FROM exp_partidas
UNION SELECT time_id FROM classificacao WHERE no_escopo(campeonato_id);
