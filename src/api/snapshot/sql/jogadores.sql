SELECT id, time_id, nome, nome_popular, posicao, numero_camisa, idade, gols FROM jogadores ORDER BY nome, id
