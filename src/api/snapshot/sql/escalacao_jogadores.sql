SELECT partida_id, lado, titular, jogador_id, nome, apelido, numero, posicao, posicao_sigla, foto_url,
       CAST(substituido_por AS VARCHAR) AS substituido_por, CAST(estatisticas AS VARCHAR) AS estatisticas
FROM escalacao_jogadores ORDER BY partida_id, lado, titular DESC, ordem
