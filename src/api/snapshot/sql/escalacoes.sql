SELECT partida_id, lado, time_id, formacao, tecnico, confirmada FROM escalacoes ORDER BY partida_id, lado
