SELECT id, campeonato_id, fase_id, numero, nome, slug, status, CAST(data AS VARCHAR) AS data
FROM rodadas ORDER BY campeonato_id, numero, id
