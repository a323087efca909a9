SELECT e.partida_id, e.lado, e.time_id, e.formacao, e.tecnico, e.confirmada
FROM escalacoes e JOIN partidas p ON p.id = e.partida_id WHERE p.campeonato_id = $1 ORDER BY e.partida_id, e.lado
