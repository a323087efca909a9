-- Applies the expanded tombstones (remove-expand.sql) once remove-blockers.sql found nothing.
DELETE FROM eventos WHERE id IN (SELECT id FROM remocao WHERE entidade = 'evento');
DELETE FROM escalacao_jogadores WHERE partida_id IN (SELECT id FROM remocao WHERE entidade = 'partida');
DELETE FROM escalacoes WHERE partida_id IN (SELECT id FROM remocao WHERE entidade = 'partida');
DELETE FROM estatisticas WHERE partida_id IN (SELECT id FROM remocao WHERE entidade = 'partida');
DELETE FROM partidas WHERE id IN (SELECT id FROM remocao WHERE entidade = 'partida');
DELETE FROM chaves WHERE id IN (SELECT id FROM remocao WHERE entidade = 'chave');
DELETE FROM rodadas WHERE id IN (SELECT id FROM remocao WHERE entidade = 'rodada');
DELETE FROM fases WHERE id IN (SELECT id FROM remocao WHERE entidade = 'fase');
DELETE FROM classificacao WHERE campeonato_id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
DELETE FROM artilharia WHERE campeonato_id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
DELETE FROM cobertura WHERE campeonato_id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
DELETE FROM campeonatos WHERE id IN (SELECT id FROM remocao WHERE entidade = 'campeonato');
-- A removed player's events and lineup rows keep the name, without the link.
UPDATE eventos SET jogador_id = NULL WHERE jogador_id IN (SELECT id FROM remocao WHERE entidade = 'jogador');
UPDATE eventos SET jogador_entra_id = NULL WHERE jogador_entra_id IN (SELECT id FROM remocao WHERE entidade = 'jogador');
UPDATE escalacao_jogadores SET jogador_id = NULL WHERE jogador_id IN (SELECT id FROM remocao WHERE entidade = 'jogador');
DELETE FROM artilharia WHERE jogador_id IN (SELECT id FROM remocao WHERE entidade = 'jogador');
DELETE FROM jogadores WHERE id IN (SELECT id FROM remocao WHERE entidade = 'jogador');
DELETE FROM times_apelidos WHERE time_id IN (SELECT id FROM remocao WHERE entidade = 'time');
DELETE FROM times WHERE id IN (SELECT id FROM remocao WHERE entidade = 'time');
-- Removed means gone: the source key no longer resolves (a later feed re-adding it gets a new id).
DELETE FROM id_fonte f USING remocao r WHERE f.entidade = r.entidade AND f.id = r.id;
