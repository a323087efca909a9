-- Standings rows whose position moved (or that entered or left a table), per championship and phase
-- (fase_id NULL = the whole championship), between `antes` and `depois`.
SELECT coalesce(d.campeonato_id, a.campeonato_id) AS campeonato_id,
       coalesce(d.fase_id, a.fase_id) AS fase_id,
       coalesce(d.time_id, a.time_id) AS time_id,
       coalesce(td.nome, ta.nome) AS time,
       a.posicao AS posicao_antes, d.posicao AS posicao_depois,
       a.pontos AS pontos_antes, d.pontos AS pontos_depois
FROM antes.classificacao a
FULL JOIN depois.classificacao d
  ON d.campeonato_id = a.campeonato_id AND d.fase_id IS NOT DISTINCT FROM a.fase_id AND d.time_id = a.time_id
LEFT JOIN depois.times td ON td.id = d.time_id
LEFT JOIN antes.times ta ON ta.id = a.time_id
WHERE a.posicao IS DISTINCT FROM d.posicao
ORDER BY 1, 2 NULLS FIRST, posicao_depois NULLS LAST, posicao_antes
