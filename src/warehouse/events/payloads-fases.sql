-- fase.finalizada payloads of the knockout phases in $1 (a list), by championship and order.
SELECT 'fase.finalizada' AS evento, f.campeonato_id, to_json(f.recurso)::VARCHAR AS dados
FROM recurso_fase f
WHERE list_contains($1, f.id)
ORDER BY f.campeonato_id, f.ordem, f.id;
