-- Tombstone cascade over the TEMP table remocao(entidade, id) holding the requested removals: a
-- championship takes its phases, rounds and matches; a phase its bracket ties; a match its events
-- (lineups and statistics go with it in remove-apply.sql).
INSERT INTO remocao SELECT 'partida', id FROM partidas
  WHERE campeonato_id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
INSERT INTO remocao SELECT 'fase', id FROM fases
  WHERE campeonato_id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
INSERT INTO remocao SELECT 'rodada', id FROM rodadas
  WHERE campeonato_id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
INSERT INTO remocao SELECT 'chave', id FROM chaves
  WHERE fase_id IN (SELECT id FROM remocao WHERE entidade = 'fase');
INSERT INTO remocao SELECT 'evento', id FROM eventos
  WHERE partida_id IN (SELECT id FROM remocao WHERE entidade = 'partida');
CREATE OR REPLACE TEMP TABLE remocao AS SELECT DISTINCT entidade, id FROM remocao;
