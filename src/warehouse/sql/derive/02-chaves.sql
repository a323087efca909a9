-- @le partidas.estrutura partidas.resultado
-- @escreve chaves
-- Bracket ties: both legs, aggregate over finished legs, shoot-out of the deciding leg, winner.
-- time_1 is the home team of the first leg (or of the single match). Scores include extra time, so the
-- aggregate decides first and the shoot-out only breaks a level aggregate; no away-goals rule.
UPDATE chaves SET partida_ida_id = s.ida_id, partida_volta_id = s.volta_id, time_1_id = s.t1, time_2_id = s.t2,
       gols_time_1 = s.g1, gols_time_2 = s.g2, penaltis_time_1 = s.p1, penaltis_time_2 = s.p2,
       vencedor_id = CASE WHEN s.completa THEN
                       CASE WHEN s.g1 > s.g2 THEN s.t1 WHEN s.g2 > s.g1 THEN s.t2
                            WHEN s.p1 > s.p2 THEN s.t1 WHEN s.p2 > s.p1 THEN s.t2 END END
FROM (
  WITH pernas AS (
    SELECT c.id, f.ida_e_volta,
           max(p.id) FILTER (WHERE p.jogo IS DISTINCT FROM 2) AS ida_id,
           max(p.id) FILTER (WHERE p.jogo = 2) AS volta_id
    FROM chaves c
    JOIN fases f ON f.id = c.fase_id
    LEFT JOIN derive_partidas p ON p.chave_id = c.id
    WHERE em_escopo(f.campeonato_id)
    GROUP BY c.id, f.ida_e_volta
  ),
  duelo AS (
    SELECT k.*, coalesce(i.time_mandante_id, v.time_visitante_id) AS t1,
           coalesce(i.time_visitante_id, v.time_mandante_id) AS t2
    FROM pernas k
    LEFT JOIN derive_partidas i ON i.id = k.ida_id
    LEFT JOIN derive_partidas v ON v.id = k.volta_id
  ),
  jogos AS ( -- each leg seen from time_1
    SELECT d.id, p.status = 'encerrado' AS fim, p.id = coalesce(d.volta_id, d.ida_id) AS decisiva,
           CASE WHEN p.time_mandante_id = d.t1 THEN p.placar_mandante ELSE p.placar_visitante END AS g1,
           CASE WHEN p.time_mandante_id = d.t1 THEN p.placar_visitante ELSE p.placar_mandante END AS g2,
           CASE WHEN p.time_mandante_id = d.t1 THEN p.penalti_mandante ELSE p.penalti_visitante END AS p1,
           CASE WHEN p.time_mandante_id = d.t1 THEN p.penalti_visitante ELSE p.penalti_mandante END AS p2
    FROM duelo d
    JOIN derive_partidas p ON p.id IN (d.ida_id, d.volta_id)
  )
  SELECT d.id, d.ida_id, d.volta_id, d.t1, d.t2,
         sum(j.g1) FILTER (WHERE j.fim) AS g1, sum(j.g2) FILTER (WHERE j.fim) AS g2,
         max(j.p1) FILTER (WHERE j.fim AND j.decisiva) AS p1, max(j.p2) FILTER (WHERE j.fim AND j.decisiva) AS p2,
         coalesce(bool_and(j.fim), false) AND (NOT d.ida_e_volta OR d.volta_id IS NOT NULL) AS completa
  FROM duelo d
  LEFT JOIN jogos j ON j.id = d.id
  GROUP BY d.id, d.ida_id, d.volta_id, d.t1, d.t2, d.ida_e_volta
) s
WHERE chaves.id = s.id;
