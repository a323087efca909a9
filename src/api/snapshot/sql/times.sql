SELECT id, nome, sigla, tipo, escudo_url FROM times ORDER BY nome, id
