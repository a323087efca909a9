-- Round resource (spec "Round") with its matches in kick-off order and previous/next navigation. Matches
-- inside a round carry no `fase` key (spec endpoint 5); the merge patch drops it and keeps the rest as is.
CREATE OR REPLACE TEMP VIEW recurso_rodada AS
WITH vizinhas AS (
  SELECT r.id,
         lead({'nome': r.nome, 'slug': r.slug, 'numero': r.numero, 'status': r.status})
           OVER (PARTITION BY r.campeonato_id ORDER BY r.numero) AS proxima,
         lag({'nome': r.nome, 'slug': r.slug, 'numero': r.numero, 'status': r.status})
           OVER (PARTITION BY r.campeonato_id ORDER BY r.numero) AS anterior
  FROM rodadas r
)
SELECT r.id, r.campeonato_id, r.numero,
       {'id': r.id,
        'campeonato_id': r.campeonato_id,
        'numero': r.numero,
        'nome': r.nome,
        'slug': r.slug,
        'status': r.status,
        'data': strftime(r.data, '%Y-%m-%d'),
        'proxima_rodada': v.proxima,
        'rodada_anterior': v.anterior,
        'partidas': coalesce(m.partidas, [])} AS recurso
FROM rodadas r
JOIN vizinhas v ON v.id = r.id
LEFT JOIN (SELECT rodada_id, list(json_merge_patch(to_json(recurso), '{"fase": null}') ORDER BY inicio_utc NULLS LAST, id) AS partidas
           FROM recurso_partida GROUP BY rodada_id) m ON m.rodada_id = r.id;
