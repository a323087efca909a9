SELECT id, nome, nome_popular, slug, temporada, tipo, status, regiao, logo_url, rodada_atual
FROM campeonatos ORDER BY temporada DESC, id
