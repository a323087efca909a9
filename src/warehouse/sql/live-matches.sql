-- The live matches of the bound ids: their Match resource (shared views) and championship, in kick-off order —
-- what /v1/partidas/ao-vivo lists, read alike from a served snapshot and from a publishing ingest's candidate.
SELECT CASE WHEN c.id IS NULL THEN NULL ELSE {'id': c.id, 'nome': c.nome, 'temporada': c.temporada} END AS campeonato,
       CAST(to_json(r.recurso) AS VARCHAR) AS json
FROM recursos_partida($1, NULL) r
LEFT JOIN campeonatos c ON c.id = r.campeonato_id
ORDER BY r.inicio_utc NULLS LAST, r.id
