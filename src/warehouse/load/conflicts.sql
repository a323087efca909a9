-- The staged matches whose stored row another source last wrote: both rows' facts, for conflicts.ts to
-- compare exactly as it compares two rows of one run.
SELECT s.id,
       {'fonte': t.fonte, 'status': t.status, 'placar_mandante': t.placar_mandante, 'placar_visitante': t.placar_visitante,
        'data_hora': t.data_hora, 'data_local': strftime(t.data_local, '%Y-%m-%d'), 'hora_local': t.hora_local,
        'estadio': t.estadio} AS guardado,
       {'fonte': s.fonte, 'status': s.status, 'placar_mandante': s.placar_mandante, 'placar_visitante': s.placar_visitante,
        'data_hora': s.data_hora, 'data_local': strftime(s.data_local, '%Y-%m-%d'), 'hora_local': s.hora_local,
        'estadio': s.estadio} AS recebido
FROM stage_partidas s JOIN partidas t ON t.id = s.id
WHERE t.fonte <> s.fonte
