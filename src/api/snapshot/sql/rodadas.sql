SELECT id, campeonato_id, fase_id, numero, nome, slug, status, CAST(data AS VARCHAR) AS data
FROM rodadas WHERE campeonato_id = $1 ORDER BY numero, id
