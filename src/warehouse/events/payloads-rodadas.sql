-- rodada.encerrada payloads of the rounds in $1 (a list, never NULL), by championship and number.
SELECT 'rodada.encerrada' AS evento, r.campeonato_id, to_json(r.recurso)::VARCHAR AS dados
FROM recursos_rodada($1) r
ORDER BY r.campeonato_id, r.numero, r.id;
