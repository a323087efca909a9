-- The championships `svc export --campeonato X --temporada T` names: X an id or a slug, each optional.
SELECT id FROM campeonatos
WHERE ($1::VARCHAR IS NULL OR CAST(id AS VARCHAR) = $1 OR slug = $1)
  AND ($2::VARCHAR IS NULL OR temporada = $2)
ORDER BY id
