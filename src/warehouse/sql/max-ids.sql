-- The highest internal id in use per entity, so the control-plane counters can be moved past them.
SELECT 'campeonato' AS entidade, coalesce(max(id), 0)::INTEGER AS max_id FROM campeonatos
UNION ALL SELECT 'fase', coalesce(max(id), 0)::INTEGER FROM fases
UNION ALL SELECT 'chave', coalesce(max(id), 0)::INTEGER FROM chaves
UNION ALL SELECT 'rodada', coalesce(max(id), 0)::INTEGER FROM rodadas
UNION ALL SELECT 'time', coalesce(max(id), 0)::INTEGER FROM times
UNION ALL SELECT 'jogador', coalesce(max(id), 0)::INTEGER FROM jogadores
UNION ALL SELECT 'partida', coalesce(max(id), 0)::INTEGER FROM partidas
UNION ALL SELECT 'evento', coalesce(max(id), 0)::INTEGER FROM eventos;
