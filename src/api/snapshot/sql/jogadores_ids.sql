-- The people holding any of the record ids $1, by a join on the unnested records: `list_has_any(registros, $1)`
-- compared every person's list with every id (~0.5 s at 10× history for a few hundred ids; this, ~10 ms).
WITH pedidos AS (SELECT DISTINCT unnest($1::INTEGER[]) AS registro),
     titulares AS (
       SELECT DISTINCT p.id
       FROM (SELECT id, unnest(registros) AS registro FROM pessoas) p JOIN pedidos USING (registro)
     )
SELECT s.* FROM jogadores_servidos s JOIN titulares USING (id)
