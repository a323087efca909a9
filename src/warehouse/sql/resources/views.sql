-- Every match and round, for the API (it reads each snapshot's resources once). Event detection builds
-- only what changed through the table macros and never creates these (binding a view costs its plan).
CREATE OR REPLACE TEMP VIEW recurso_partida AS SELECT * FROM recursos_partida(NULL, NULL);
CREATE OR REPLACE TEMP VIEW recurso_rodada AS SELECT * FROM recursos_rodada(NULL);
