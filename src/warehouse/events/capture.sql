-- What event detection compares against: the state before the feed is loaded (derived columns as the
-- previous ingest left them). TEMP tables live only on this connection.
-- Matches are limited to those the load can change (macro detect_no_escopo, defined by captureState with
-- their ids as literals, so that DuckDB pushes it into the scans); changes.sql compares only those.
CREATE OR REPLACE TEMP TABLE antes_partidas AS
  SELECT id, status, placar_mandante, placar_visitante FROM partidas WHERE detect_no_escopo(id);
CREATE OR REPLACE TEMP TABLE antes_gols AS
  SELECT id FROM eventos WHERE tipo IN ('gol', 'gol_contra', 'penalti') AND detect_no_escopo(partida_id);
CREATE OR REPLACE TEMP TABLE antes_escalacoes AS
  SELECT partida_id, lado FROM escalacoes WHERE confirmada AND detect_no_escopo(partida_id);
CREATE OR REPLACE TEMP TABLE antes_rodadas AS
  SELECT id, status FROM rodadas;
CREATE OR REPLACE TEMP TABLE antes_fases AS
  SELECT id, status FROM fases;
