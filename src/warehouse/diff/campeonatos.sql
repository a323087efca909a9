-- Names of the championships a diff mentions (from `depois`, else `antes` for one removed).
SELECT id AS campeonato_id, nome, temporada FROM depois.campeonatos
UNION ALL
SELECT id, nome, temporada FROM antes.campeonatos WHERE id NOT IN (SELECT id FROM depois.campeonatos)
