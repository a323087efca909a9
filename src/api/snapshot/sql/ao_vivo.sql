-- Live matches with their Match resource (shared views), in kick-off order: the live list.
SELECT p.* EXCLUDE (inicio_utc), CAST(to_json(r.recurso) AS VARCHAR) AS json
FROM partidas_servidas p JOIN recursos_partida(NULL, NULL) r ON r.id = p.id
WHERE p.status = 'ao_vivo' ORDER BY p.inicio_utc NULLS LAST, p.id
