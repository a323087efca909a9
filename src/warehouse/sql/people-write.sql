-- Writes the people computed in pessoas_calculadas (a TEMP table people.ts fills, lists as JSON text) for the
-- names in pessoas_escopo, and each record's pessoa_id; only rows that differ are written. pessoas_alteradas gets the ids whose served
-- person changes: the record, its person before and after.
CREATE OR REPLACE TEMP TABLE pessoas_novas AS
SELECT id, time_id, posicao, numero_camisa, CAST(registros AS JSON)::INTEGER[] AS registros,
       CAST(clubes AS JSON)::INTEGER[] AS clubes, from_json(grafias, '["VARCHAR"]') AS grafias
FROM pessoas_calculadas;

CREATE OR REPLACE TEMP TABLE pessoas_antigas AS
SELECT * FROM pessoas WHERE id IN (SELECT id FROM jogadores WHERE chave_pessoa IN (SELECT chave FROM pessoas_escopo));

CREATE OR REPLACE TEMP TABLE pessoas_alteradas AS
SELECT id FROM (SELECT * FROM pessoas_novas EXCEPT SELECT * FROM pessoas_antigas)
UNION SELECT id FROM (SELECT * FROM pessoas_antigas EXCEPT SELECT * FROM pessoas_novas)
UNION SELECT unnest([j.id, j.pessoa_id, r.pessoa])
FROM jogadores j
JOIN (SELECT unnest(registros) AS registro, id AS pessoa FROM pessoas_novas) r ON r.registro = j.id
WHERE j.pessoa_id IS DISTINCT FROM r.pessoa;

DELETE FROM pessoas WHERE id IN (SELECT id FROM pessoas_alteradas);
INSERT INTO pessoas SELECT * FROM pessoas_novas WHERE id IN (SELECT id FROM pessoas_alteradas);
UPDATE jogadores SET pessoa_id = r.pessoa
FROM (SELECT unnest(registros) AS registro, id AS pessoa FROM pessoas_novas) r
WHERE r.registro = jogadores.id AND jogadores.pessoa_id IS DISTINCT FROM r.pessoa;
