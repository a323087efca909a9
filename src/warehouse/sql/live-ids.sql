-- The live matches (status `ao_vivo`) of a snapshot or a candidate (live-list.ts).
SELECT id FROM partidas WHERE status = 'ao_vivo'
