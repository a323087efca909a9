SELECT e.partida_id, e.lado, e.titular, e.jogador_id, e.nome, e.apelido, e.numero, e.posicao, e.posicao_sigla, e.foto_url,
       CAST(e.substituido_por AS VARCHAR) AS substituido_por, CAST(e.estatisticas AS VARCHAR) AS estatisticas
FROM escalacao_jogadores e JOIN partidas p ON p.id = e.partida_id
WHERE p.campeonato_id = $1 ORDER BY e.partida_id, e.lado, e.titular DESC, e.ordem
