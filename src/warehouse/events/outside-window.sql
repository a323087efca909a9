-- Matches whose changes (new, status or score) would have been events but kick off outside the live window
-- (macro na_janela_ao_vivo): the ingest says how many and when, so "0 events" is never left unexplained.
SELECT count(*)::INTEGER AS partidas,
       strftime(min(p.inicio_utc), '%Y-%m-%dT%H:%M:%SZ') AS inicio_min,
       strftime(max(p.inicio_utc), '%Y-%m-%dT%H:%M:%SZ') AS inicio_max
FROM partidas p
LEFT JOIN antes_partidas a ON a.id = p.id
WHERE detect_no_escopo(p.id) AND NOT na_janela_ao_vivo(p.inicio_utc)
  AND (a.id IS NULL
       OR p.status IS DISTINCT FROM a.status
       OR coalesce(p.placar_mandante, 0) <> coalesce(a.placar_mandante, 0)
       OR coalesce(p.placar_visitante, 0) <> coalesce(a.placar_visitante, 0));
