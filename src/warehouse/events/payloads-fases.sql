-- fase.finalizada payloads of the knockout phases in $ids (a list), by championship and order.
SELECT 'fase.finalizada' AS evento, f.campeonato_id, NULL::INTEGER AS partida_id, to_json(f.recurso)::VARCHAR AS dados
FROM recurso_fase f
WHERE list_contains($ids, f.id)
ORDER BY f.campeonato_id, f.ordem, f.id;
