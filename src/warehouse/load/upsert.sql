-- Upsert by key from the stage_* TEMP tables the loader filled: delete the stored rows, insert the staged
-- ones. Derived columns of rows that already exist are carried over first, so what derive() does not
-- recompute this time (other championships) keeps its values. One section per staged table (`-- @table`);
-- the loader runs only the sections of tables it staged rows for. `em_stage_<table>(id)`: true for the ids
-- staged for that table (a macro the loader defines, see stagedIdsMacro), so each scan of the stored table
-- reads only those rows.
-- Before writing, each section records in `carga_mudou` (a TEMP table the loader creates) whether a staged
-- row differs from the stored one (derived columns carried over first, so they compare equal): a load that
-- changes nothing publishes nothing. A staged row equal to one of the stored rows with its ids is that row.

-- @table campeonatos
UPDATE stage_campeonatos s SET status = t.status, rodada_atual = t.rodada_atual, atualizado_em = t.atualizado_em FROM campeonatos t WHERE t.id = s.id;
INSERT INTO carga_mudou SELECT 'campeonatos' WHERE EXISTS (SELECT * FROM stage_campeonatos EXCEPT SELECT * FROM campeonatos WHERE em_stage_campeonatos(id));
DELETE FROM campeonatos WHERE em_stage_campeonatos(id);
INSERT INTO campeonatos SELECT * FROM stage_campeonatos;

-- @table times
INSERT INTO carga_mudou SELECT 'times' WHERE EXISTS (SELECT * FROM stage_times EXCEPT SELECT * FROM times WHERE em_stage_times(id));
DELETE FROM times WHERE em_stage_times(id);
INSERT INTO times SELECT * FROM stage_times;

-- @table times_apelidos
DELETE FROM times_apelidos a USING stage_times_apelidos s WHERE a.time_id = s.time_id AND a.apelido = s.apelido;
INSERT INTO times_apelidos SELECT * FROM stage_times_apelidos;

-- @table ajustes_pontos
INSERT INTO carga_mudou SELECT 'ajustes_pontos' WHERE EXISTS (SELECT * FROM stage_ajustes_pontos EXCEPT SELECT * FROM ajustes_pontos);
DELETE FROM ajustes_pontos a USING stage_ajustes_pontos s WHERE a.fonte = s.fonte AND a.chave = s.chave;
INSERT INTO ajustes_pontos SELECT * FROM stage_ajustes_pontos;

-- @table jogadores
UPDATE stage_jogadores s SET gols = t.gols, pessoa_id = t.pessoa_id FROM jogadores t WHERE t.id = s.id;
INSERT INTO carga_mudou SELECT 'jogadores' WHERE EXISTS (SELECT * FROM stage_jogadores EXCEPT SELECT * FROM jogadores WHERE em_stage_jogadores(id));
DELETE FROM jogadores WHERE em_stage_jogadores(id);
INSERT INTO jogadores SELECT * FROM stage_jogadores;

-- @table fases
UPDATE stage_fases s SET status = t.status FROM fases t WHERE t.id = s.id;
INSERT INTO carga_mudou SELECT 'fases' WHERE EXISTS (SELECT * FROM stage_fases EXCEPT SELECT * FROM fases WHERE em_stage_fases(id));
DELETE FROM fases WHERE em_stage_fases(id);
INSERT INTO fases SELECT * FROM stage_fases;

-- @table chaves
UPDATE stage_chaves s SET partida_ida_id = t.partida_ida_id, partida_volta_id = t.partida_volta_id,
  time_1_id = t.time_1_id, time_2_id = t.time_2_id, gols_time_1 = t.gols_time_1, gols_time_2 = t.gols_time_2,
  penaltis_time_1 = t.penaltis_time_1, penaltis_time_2 = t.penaltis_time_2, vencedor_id = t.vencedor_id
  FROM chaves t WHERE t.id = s.id;
INSERT INTO carga_mudou SELECT 'chaves' WHERE EXISTS (SELECT * FROM stage_chaves EXCEPT SELECT * FROM chaves WHERE em_stage_chaves(id));
DELETE FROM chaves WHERE em_stage_chaves(id);
INSERT INTO chaves SELECT * FROM stage_chaves;

-- @table rodadas
UPDATE stage_rodadas s SET status = t.status, data = t.data FROM rodadas t WHERE t.id = s.id;
INSERT INTO carga_mudou SELECT 'rodadas' WHERE EXISTS (SELECT * FROM stage_rodadas EXCEPT SELECT * FROM rodadas WHERE em_stage_rodadas(id));
DELETE FROM rodadas WHERE em_stage_rodadas(id);
INSERT INTO rodadas SELECT * FROM stage_rodadas;

-- @table partidas
-- The stored rows first: derive compares them with the written ones to pick the steps a change affects.
CREATE OR REPLACE TEMP TABLE antes_upsert_partidas AS SELECT * FROM partidas WHERE em_stage_partidas(id);
-- A match another source also knows (merged by natural key): what the incoming record lacks is kept from
-- the stored row, the kick-off as a whole with the slug that carries its date, a date alone never replacing
-- a kick-off (mergedPartidaRow in rows.ts does the same within one run). A match only its own source knows
-- is replaced as sent.
UPDATE stage_partidas s SET
  -- A final score is changed only by the source that wrote it (load/conflicts.ts), which stays the row's
  -- `fonte` so that it can still correct it.
  placar_mandante = CASE WHEN manter_placar THEN t.placar_mandante ELSE s.placar_mandante END,
  placar_visitante = CASE WHEN manter_placar THEN t.placar_visitante ELSE s.placar_visitante END,
  fonte = CASE WHEN manter_placar THEN t.fonte ELSE s.fonte END,
  rodada_id = coalesce(s.rodada_id, t.rodada_id), fase_id = coalesce(s.fase_id, t.fase_id),
  chave_id = coalesce(s.chave_id, t.chave_id), jogo = coalesce(s.jogo, t.jogo),
  penalti_mandante = coalesce(s.penalti_mandante, t.penalti_mandante),
  penalti_visitante = coalesce(s.penalti_visitante, t.penalti_visitante), estadio = coalesce(s.estadio, t.estadio),
  data_hora = CASE WHEN manter_inicio THEN t.data_hora ELSE s.data_hora END,
  inicio_utc = CASE WHEN manter_inicio THEN t.inicio_utc ELSE s.inicio_utc END,
  data_local = CASE WHEN manter_inicio THEN t.data_local ELSE s.data_local END,
  hora_local = CASE WHEN manter_inicio THEN t.hora_local ELSE s.hora_local END,
  slug = CASE WHEN manter_inicio THEN t.slug ELSE s.slug END
  FROM (SELECT p.*, n.data_hora IS NULL AND (p.data_hora IS NOT NULL OR n.data_local IS NULL) AS manter_inicio,
               p.fonte <> n.fonte AND p.status = 'encerrado' AND n.status = 'encerrado' AS manter_placar
        FROM partidas p JOIN stage_partidas n ON n.id = p.id WHERE em_stage_partidas(p.id)) t
  WHERE t.id = s.id
    AND EXISTS (SELECT 1 FROM id_fonte f WHERE f.entidade = 'partida' AND em_stage_partidas(f.id) AND f.id = s.id AND f.fonte <> s.fonte);
INSERT INTO carga_mudou SELECT 'partidas' WHERE EXISTS (SELECT * FROM stage_partidas EXCEPT SELECT * FROM antes_upsert_partidas);
-- Stored matches are updated in place, new ones appended: a delete + insert of a live match made the
-- commit's checkpoint cost ~25 ms instead of ~14. Every column but the key is set
-- (test/warehouse/upsert-columns.test.ts holds the list to the schema).
UPDATE partidas t SET
  campeonato_id = s.campeonato_id, rodada_id = s.rodada_id, fase_id = s.fase_id, chave_id = s.chave_id,
  jogo = s.jogo, time_mandante_id = s.time_mandante_id, time_visitante_id = s.time_visitante_id,
  placar_mandante = s.placar_mandante, placar_visitante = s.placar_visitante, prorrogacao = s.prorrogacao,
  penalti_mandante = s.penalti_mandante, penalti_visitante = s.penalti_visitante, status = s.status,
  data_hora = s.data_hora, inicio_utc = s.inicio_utc, data_local = s.data_local, hora_local = s.hora_local,
  estadio = s.estadio, slug = s.slug, fonte = s.fonte
FROM stage_partidas s WHERE t.id = s.id AND em_stage_partidas(t.id);
INSERT INTO partidas SELECT * FROM stage_partidas WHERE id NOT IN (SELECT id FROM partidas WHERE em_stage_partidas(id));

-- @table eventos
CREATE OR REPLACE TEMP TABLE antes_upsert_eventos AS SELECT * FROM eventos WHERE em_stage_eventos(id);
INSERT INTO carga_mudou SELECT 'eventos' WHERE EXISTS (SELECT * FROM stage_eventos EXCEPT SELECT * FROM antes_upsert_eventos);
DELETE FROM eventos WHERE em_stage_eventos(id);
INSERT INTO eventos SELECT * FROM stage_eventos;

-- @table escalacoes
-- A lineup replaces the whole side: its header and every player row (so those compare both ways).
CREATE OR REPLACE TEMP TABLE antes_escalacao_jogadores AS
  SELECT t.* FROM escalacao_jogadores t WHERE EXISTS (SELECT 1 FROM stage_escalacoes s WHERE s.partida_id = t.partida_id AND s.lado = t.lado);
INSERT INTO carga_mudou SELECT 'escalacoes' WHERE
  EXISTS (SELECT * FROM stage_escalacoes EXCEPT SELECT t.* FROM escalacoes t WHERE EXISTS (SELECT 1 FROM stage_escalacoes s WHERE s.partida_id = t.partida_id AND s.lado = t.lado))
  OR EXISTS (SELECT * FROM stage_escalacao_jogadores EXCEPT SELECT * FROM antes_escalacao_jogadores)
  OR EXISTS (SELECT * FROM antes_escalacao_jogadores EXCEPT SELECT * FROM stage_escalacao_jogadores);
DELETE FROM escalacao_jogadores t USING stage_escalacoes s WHERE t.partida_id = s.partida_id AND t.lado = s.lado;
DELETE FROM escalacoes t USING stage_escalacoes s WHERE t.partida_id = s.partida_id AND t.lado = s.lado;
INSERT INTO escalacoes SELECT * FROM stage_escalacoes;
INSERT INTO escalacao_jogadores SELECT * FROM stage_escalacao_jogadores;

-- @table estatisticas
INSERT INTO carga_mudou SELECT 'estatisticas' WHERE EXISTS (SELECT * FROM stage_estatisticas EXCEPT SELECT t.* FROM estatisticas t WHERE EXISTS (SELECT 1 FROM stage_estatisticas s WHERE s.partida_id = t.partida_id AND s.lado = t.lado));
DELETE FROM estatisticas t USING stage_estatisticas s WHERE t.partida_id = s.partida_id AND t.lado = s.lado;
INSERT INTO estatisticas SELECT * FROM stage_estatisticas;

-- @table id_fonte
-- Only new mappings are staged: a source key seen for the first time is a change.
INSERT INTO carga_mudou SELECT 'id_fonte' WHERE EXISTS (SELECT 1 FROM stage_id_fonte);
INSERT INTO id_fonte SELECT * FROM stage_id_fonte;
