-- Players of the export's teams and any player its matches name (a loan, a transfer since).
SELECT * FROM jogadores
WHERE exportacao_completa()
   OR time_id IN (SELECT id FROM exp_times)
   OR id IN (SELECT jogador_id FROM eventos WHERE partida_id IN (SELECT id FROM exp_partidas)
             UNION SELECT jogador_entra_id FROM eventos WHERE partida_id IN (SELECT id FROM exp_partidas)
             UNION SELECT jogador_id FROM escalacao_jogadores WHERE partida_id IN (SELECT id FROM exp_partidas))
ORDER BY id
