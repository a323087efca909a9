SELECT * FROM estatisticas WHERE partida_id IN (SELECT id FROM exp_partidas) ORDER BY partida_id, lado, origem
