-- Round resource (spec "Round") for the rounds in `ids` (NULL = all), with its matches in kick-off order
-- and previous/next navigation (rounds are numbered consecutively). Matches inside a round carry no `fase`
-- key (spec endpoint 5); the merge patch drops it and keeps the rest as is.
-- `rodadas_proprias(ids)`: the round's own fields and navigation, without its matches (the API rebuilds them
-- from the Match resources it holds).
CREATE OR REPLACE TEMP MACRO rodadas_proprias(ids) AS TABLE
SELECT r.id, r.campeonato_id, r.numero,
       {'id': r.id,
        'campeonato_id': r.campeonato_id,
        'numero': r.numero,
        'nome': r.nome,
        'slug': r.slug,
        'status': r.status,
        'data': strftime(r.data, '%Y-%m-%d'),
        'proxima_rodada': CASE WHEN n.id IS NOT NULL THEN {'nome': n.nome, 'slug': n.slug, 'numero': n.numero, 'status': n.status} END,
        'rodada_anterior': CASE WHEN a.id IS NOT NULL THEN {'nome': a.nome, 'slug': a.slug, 'numero': a.numero, 'status': a.status} END} AS recurso
FROM rodadas r
LEFT JOIN rodadas n ON n.campeonato_id = r.campeonato_id AND n.numero = r.numero + 1
LEFT JOIN rodadas a ON a.campeonato_id = r.campeonato_id AND a.numero = r.numero - 1
WHERE ids IS NULL OR list_contains(ids, r.id);

CREATE OR REPLACE TEMP MACRO recursos_rodada(ids) AS TABLE
SELECT r.id, r.campeonato_id, r.numero, struct_insert(r.recurso, partidas := coalesce(m.partidas, [])) AS recurso
FROM rodadas_proprias(ids) r
LEFT JOIN (SELECT rodada_id,
                  list_transform(list_sort(list({'sem_data': inicio_utc IS NULL, 'inicio': inicio_utc, 'id': id,
                                                 'partida': json_merge_patch(to_json(recurso), '{"fase": null}')})),
                                 x -> x.partida) AS partidas
           FROM recursos_partida(NULL, ids)
           GROUP BY rodada_id) m ON m.rodada_id = r.id;
