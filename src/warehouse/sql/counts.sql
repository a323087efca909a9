-- Rows per table, for the snapshot manifest and `svc snapshots`.
SELECT 'campeonatos' AS tabela, count(*)::INTEGER AS n FROM campeonatos
UNION ALL SELECT 'fases', count(*)::INTEGER FROM fases
UNION ALL SELECT 'chaves', count(*)::INTEGER FROM chaves
UNION ALL SELECT 'rodadas', count(*)::INTEGER FROM rodadas
UNION ALL SELECT 'times', count(*)::INTEGER FROM times
UNION ALL SELECT 'jogadores', count(*)::INTEGER FROM jogadores
UNION ALL SELECT 'pessoas', count(*)::INTEGER FROM pessoas
UNION ALL SELECT 'partidas', count(*)::INTEGER FROM partidas
UNION ALL SELECT 'eventos', count(*)::INTEGER FROM eventos
UNION ALL SELECT 'escalacoes', count(*)::INTEGER FROM escalacoes
UNION ALL SELECT 'estatisticas', count(*)::INTEGER FROM estatisticas
UNION ALL SELECT 'ajustes_pontos', count(*)::INTEGER FROM ajustes_pontos
UNION ALL SELECT 'classificacao', count(*)::INTEGER FROM classificacao
UNION ALL SELECT 'artilharia', count(*)::INTEGER FROM artilharia
UNION ALL SELECT 'outbox', count(*)::INTEGER FROM outbox;
