-- @le partidas.estrutura partidas.resultado eventos.cartoes estatisticas times ajustes
-- @escreve classificacao
-- Standings: one table per points-based championship (fase_id NULL) and one per points-based or group
-- phase. Every team with a match in the table is listed; only finished matches with a score count.
-- Order (CBF): points, wins, goal difference, goals for, head-to-head, fewer red cards, fewer yellow
-- cards, then name (standing in for the draw). Head-to-head is a mini-table of the matches among the
-- teams level on the first four criteria: points, then goal difference, then goals for in those matches.
-- Points adjustments (ajustes_pontos: a court's deduction) count in the whole championship's points, before
-- any criterion, and are listed on the team's row.
CREATE OR REPLACE TEMP TABLE derive_classificacao AS SELECT * FROM classificacao LIMIT 0;

INSERT INTO derive_classificacao BY NAME
WITH partidas_tabela AS ( -- the matches of each table; `tabela` keys it (0 = the whole championship)
  SELECT p.*, NULL::INTEGER AS tabela_fase_id, 0 AS tabela
  FROM derive_partidas p
  JOIN campeonatos c ON c.id = p.campeonato_id AND c.tipo = 'pontos-corridos'
  UNION ALL
  SELECT p.*, p.fase_id, p.fase_id
  FROM derive_partidas p
  JOIN fases f ON f.id = p.fase_id AND f.tipo IN ('pontos-corridos', 'grupos')
),
lados AS ( -- each match seen from each side
  SELECT campeonato_id, tabela_fase_id AS fase_id, tabela, id AS partida_id, com_resultado, 'mandante' AS lado,
         time_mandante_id AS time_id, time_visitante_id AS adversario_id, placar_mandante AS gp, placar_visitante AS gc
  FROM partidas_tabela
  UNION ALL
  SELECT campeonato_id, tabela_fase_id, tabela, id, com_resultado, 'visitante',
         time_visitante_id, time_mandante_id, placar_visitante, placar_mandante
  FROM partidas_tabela
),
-- Cards per match and team: counted from card events; a match with no card event at all falls back to
-- its statistics (cartoes_*), a missing value counting as none.
cartoes_eventos AS (
  SELECT e.partida_id, e.time_id,
         count(*) FILTER (WHERE e.tipo = 'cartao_vermelho') AS vermelhos,
         count(*) FILTER (WHERE e.tipo = 'cartao_amarelo') AS amarelos
  FROM derive_eventos e
  WHERE e.tipo IN ('cartao_vermelho', 'cartao_amarelo')
  GROUP BY e.partida_id, e.time_id
),
partidas_com_cartoes AS (SELECT DISTINCT partida_id FROM cartoes_eventos),
jogos AS (
  SELECT l.*, CASE WHEN l.gp > l.gc THEN 3 WHEN l.gp = l.gc THEN 1 ELSE 0 END AS pts,
         CASE WHEN pc.partida_id IS NOT NULL THEN coalesce(ce.vermelhos, 0) ELSE coalesce(st.cartoes_vermelhos, 0) END AS vermelhos,
         CASE WHEN pc.partida_id IS NOT NULL THEN coalesce(ce.amarelos, 0) ELSE coalesce(st.cartoes_amarelos, 0) END AS amarelos
  FROM lados l
  LEFT JOIN partidas_com_cartoes pc ON pc.partida_id = l.partida_id
  LEFT JOIN cartoes_eventos ce ON ce.partida_id = l.partida_id AND ce.time_id = l.time_id
  LEFT JOIN estatisticas st ON st.partida_id = l.partida_id AND st.lado = l.lado
  WHERE l.com_resultado
),
totais AS (
  SELECT l.campeonato_id, l.fase_id, l.tabela, l.time_id,
         coalesce(sum(j.pts), 0)::INTEGER AS pontos,
         count(j.partida_id)::INTEGER AS jogos,
         count(j.partida_id) FILTER (WHERE j.pts = 3)::INTEGER AS vitorias,
         count(j.partida_id) FILTER (WHERE j.pts = 1)::INTEGER AS empates,
         count(j.partida_id) FILTER (WHERE j.pts = 0)::INTEGER AS derrotas,
         coalesce(sum(j.gp), 0)::INTEGER AS gols_pro,
         coalesce(sum(j.gc), 0)::INTEGER AS gols_contra,
         coalesce(sum(j.gp - j.gc), 0)::INTEGER AS saldo,
         coalesce(sum(j.vermelhos), 0)::INTEGER AS cartoes_vermelhos,
         coalesce(sum(j.amarelos), 0)::INTEGER AS cartoes_amarelos
  FROM (SELECT DISTINCT campeonato_id, fase_id, tabela, time_id FROM lados) l
  LEFT JOIN jogos j ON j.campeonato_id = l.campeonato_id AND j.tabela = l.tabela AND j.time_id = l.time_id
  GROUP BY l.campeonato_id, l.fase_id, l.tabela, l.time_id
),
ajustes AS (
  SELECT campeonato_id, time_id, sum(pontos)::INTEGER AS pontos,
         to_json(list({'pontos': pontos, 'motivo': motivo, 'referencia': referencia} ORDER BY fonte, chave))::VARCHAR AS ajustes
  FROM ajustes_pontos
  WHERE em_escopo(campeonato_id)
  GROUP BY campeonato_id, time_id
),
ajustados AS ( -- the whole championship's table (tabela 0) with its adjustments
  SELECT t.* REPLACE (t.pontos + coalesce(a.pontos, 0) AS pontos), a.ajustes
  FROM totais t
  LEFT JOIN ajustes a ON t.tabela = 0 AND a.campeonato_id = t.campeonato_id AND a.time_id = t.time_id
),
confronto AS ( -- head-to-head mini-table among teams level on points, wins, goal difference, goals for
  SELECT j.campeonato_id, j.tabela, j.time_id,
         sum(j.pts) AS pontos, sum(j.gp - j.gc) AS saldo, sum(j.gp) AS gols_pro
  FROM jogos j
  JOIN ajustados a ON a.campeonato_id = j.campeonato_id AND a.tabela = j.tabela AND a.time_id = j.time_id
  JOIN ajustados b ON b.campeonato_id = j.campeonato_id AND b.tabela = j.tabela AND b.time_id = j.adversario_id
  WHERE a.pontos = b.pontos AND a.vitorias = b.vitorias AND a.saldo = b.saldo AND a.gols_pro = b.gols_pro
  GROUP BY j.campeonato_id, j.tabela, j.time_id
)
SELECT t.campeonato_id, t.fase_id, t.time_id, t.pontos, t.jogos, t.vitorias, t.empates, t.derrotas, t.gols_pro,
       t.gols_contra, t.saldo, t.cartoes_vermelhos, t.cartoes_amarelos, t.ajustes,
       row_number() OVER (
         PARTITION BY t.campeonato_id, t.tabela
         ORDER BY t.pontos DESC, t.vitorias DESC, t.saldo DESC, t.gols_pro DESC,
                  coalesce(h.pontos, 0) DESC, coalesce(h.saldo, 0) DESC, coalesce(h.gols_pro, 0) DESC,
                  t.cartoes_vermelhos, t.cartoes_amarelos, tm.nome, t.time_id
       )::INTEGER AS posicao
FROM ajustados t
JOIN times tm ON tm.id = t.time_id
LEFT JOIN confronto h ON h.campeonato_id = t.campeonato_id AND h.tabela = t.tabela AND h.time_id = t.time_id;

-- Only the rows that differ are written: a feed that leaves them as they were leaves the table untouched
-- (nothing for the checkpoint to rewrite).
DELETE FROM classificacao t USING (
  SELECT * FROM classificacao WHERE em_escopo(campeonato_id)
  EXCEPT SELECT * FROM derive_classificacao
) x
WHERE t.campeonato_id = x.campeonato_id AND t.fase_id IS NOT DISTINCT FROM x.fase_id AND t.time_id = x.time_id;
INSERT INTO classificacao SELECT * FROM derive_classificacao EXCEPT SELECT * FROM classificacao;
