-- rodada.encerrada payloads of the rounds in $ids (a list, never NULL), by championship and number.
SELECT 'rodada.encerrada' AS evento, r.campeonato_id, NULL::INTEGER AS partida_id, to_json(r.recurso)::VARCHAR AS dados
FROM recursos_rodada($ids) r
ORDER BY r.campeonato_id, r.numero, r.id;
