SELECT id, fase_id, nome, slug, ordem, partida_ida_id, partida_volta_id FROM chaves ORDER BY fase_id, ordem, id
