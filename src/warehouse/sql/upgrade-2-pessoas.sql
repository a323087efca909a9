-- Brings a snapshot published before people (docs/loading-data.md, "Players across clubs and spellings") up
-- to schema.sql; schema-upgrade.ts then fills chave_pessoa, and the ingest computes the people.
ALTER TABLE jogadores ADD COLUMN chave_pessoa VARCHAR;
ALTER TABLE jogadores ADD COLUMN pessoa_id INTEGER;
CREATE TABLE pessoas (
  id INTEGER NOT NULL,
  time_id INTEGER,
  posicao VARCHAR,
  numero_camisa INTEGER,
  registros INTEGER[] NOT NULL,
  clubes INTEGER[] NOT NULL,
  grafias VARCHAR[] NOT NULL
);
