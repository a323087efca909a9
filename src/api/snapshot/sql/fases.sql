SELECT id, campeonato_id, nome, slug, ordem, tipo, ida_e_volta, decisivo, eliminatorio, status
FROM fases ORDER BY campeonato_id, ordem, id
