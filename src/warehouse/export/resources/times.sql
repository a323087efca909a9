SELECT * FROM times WHERE exportacao_completa() OR id IN (SELECT id FROM exp_times) ORDER BY id
