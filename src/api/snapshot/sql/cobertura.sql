SELECT campeonato_id, classificacao, rodadas, partidas, ao_vivo, escalacoes, estatisticas FROM cobertura
