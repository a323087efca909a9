-- `apelidos`: every name the sources used for the team, one per line (the team search matches any).
SELECT t.id, t.nome, t.sigla, t.tipo, t.escudo_url,
       coalesce((SELECT string_agg(a.apelido, chr(10) ORDER BY a.apelido) FROM times_apelidos a WHERE a.time_id = t.id), '') AS apelidos
FROM times t ORDER BY t.nome, t.id
