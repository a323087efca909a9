-- Brings a snapshot published before points adjustments (docs/loading-data.md, "Points adjustments") and
-- championship update times up to schema.sql: no adjustment stored, so every standings row has none; update
-- times unknown until an ingest loads the championship again.
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
ALTER TABLE campeonatos ADD COLUMN atualizado_em VARCHAR;
