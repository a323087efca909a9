-- Brings a snapshot published before points adjustments (docs/loading-data.md, "Points adjustments") up to
-- schema.sql: none stored, so every standings row has none.
CREATE TABLE ajustes_pontos (
  fonte VARCHAR NOT NULL,
  chave VARCHAR NOT NULL,
  campeonato_id INTEGER NOT NULL,
  time_id INTEGER NOT NULL,
  pontos INTEGER NOT NULL,
  motivo VARCHAR NOT NULL,
  referencia VARCHAR NOT NULL
);
ALTER TABLE classificacao ADD COLUMN ajustes VARCHAR;
