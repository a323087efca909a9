SELECT id, campeonato_id, nome, slug, ordem, tipo, ida_e_volta, decisivo, eliminatorio, status
FROM fases WHERE campeonato_id = $1 ORDER BY ordem, id
