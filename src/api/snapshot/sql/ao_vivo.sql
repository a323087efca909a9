-- The live matches of the bound ids with their Match resource (shared views), in kick-off order.
SELECT p.* EXCLUDE (inicio_utc), CAST(to_json(r.recurso) AS VARCHAR) AS json
FROM recursos_partida($1, NULL) r JOIN partidas_servidas p ON p.id = r.id
WHERE list_contains($1, p.id) ORDER BY p.inicio_utc NULLS LAST, p.id
