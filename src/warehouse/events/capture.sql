-- What event detection compares against: the state before the feed is loaded (derived columns as the
-- previous ingest left them). TEMP tables live only on this connection.
CREATE OR REPLACE TEMP TABLE antes_partidas AS
  SELECT id, status, placar_mandante, placar_visitante FROM partidas;
CREATE OR REPLACE TEMP TABLE antes_gols AS
  SELECT id FROM eventos WHERE tipo IN ('gol', 'gol_contra', 'penalti');
CREATE OR REPLACE TEMP TABLE antes_escalacoes AS
  SELECT partida_id, lado FROM escalacoes WHERE confirmada;
CREATE OR REPLACE TEMP TABLE antes_rodadas AS
  SELECT id, status FROM rodadas;
CREATE OR REPLACE TEMP TABLE antes_fases AS
  SELECT id, status FROM fases;
