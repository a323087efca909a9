-- The Round resource of the bound round ids (shared views); its `partidas` are rebuilt from the Match
-- resources in memory, so only the round's own fields are read.
SELECT id, CAST(to_json(struct_pack(id := recurso.id, campeonato_id := recurso.campeonato_id, numero := recurso.numero,
       nome := recurso.nome, slug := recurso.slug, status := recurso.status, data := recurso.data,
       proxima_rodada := recurso.proxima_rodada, rodada_anterior := recurso.rodada_anterior)) AS VARCHAR) AS json
FROM recursos_rodada($1)
