-- The Round resource of the bound round ids without its matches (shared views): its `partidas` are rebuilt from
-- the Match resources in memory.
SELECT id, CAST(to_json(recurso) AS VARCHAR) AS json FROM rodadas_proprias($1)
