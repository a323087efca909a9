-- Championships whose derived data changes because matches or events of theirs are removed (read after
-- remove-expand.sql, before remove-apply.sql).
SELECT DISTINCT campeonato_id FROM partidas WHERE id IN (SELECT id FROM remocao WHERE entidade = 'partida')
UNION
SELECT DISTINCT p.campeonato_id FROM eventos e JOIN partidas p ON p.id = e.partida_id
WHERE e.id IN (SELECT id FROM remocao WHERE entidade = 'evento');
