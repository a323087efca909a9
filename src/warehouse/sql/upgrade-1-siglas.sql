-- Brings a snapshot published before team siglas and aliases (docs/decisions.md, "Team siglas") up to
-- schema.sql: the siglas it holds are kept as they are (as if a source gave them) until its teams are sent
-- again; their names become their first aliases.
ALTER TABLE times ADD COLUMN sigla_fonte VARCHAR;
UPDATE times SET sigla_fonte = sigla;
CREATE TABLE times_apelidos (time_id INTEGER NOT NULL, apelido VARCHAR NOT NULL, fonte VARCHAR NOT NULL);
INSERT INTO times_apelidos SELECT id, nome, fonte FROM times;
