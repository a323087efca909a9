-- @le partidas.estrutura partidas.resultado partidas.data eventos.cobertura escalacoes estatisticas classificacao
-- Coverage per data type, from the rows actually stored (rules per key in docs/decisions.md). Most keys
-- look at the finished matches: all of them carry it = coberto, some = parcial, none = nao_coberto.
CREATE OR REPLACE TEMP TABLE derive_cobertura AS SELECT * FROM cobertura LIMIT 0;

INSERT INTO derive_cobertura BY NAME
WITH eventos_por_partida AS (
  SELECT e.partida_id, count(*) AS eventos, count(*) FILTER (WHERE e.tipo IN ('gol', 'gol_contra', 'penalti')) AS gols
  FROM derive_eventos e
  GROUP BY e.partida_id
),
lados_por_partida AS ( -- lineup sides stored / with starters, statistics sides with any reported value
  SELECT e.partida_id, count(*) AS escalacoes, count(t.partida_id) AS escalacoes_completas, 0 AS estatisticas
  FROM escalacoes e
  LEFT JOIN (SELECT DISTINCT partida_id, lado FROM escalacao_jogadores
             WHERE titular AND partida_id IN (SELECT id FROM derive_partidas)) t
    ON t.partida_id = e.partida_id AND t.lado = e.lado
  WHERE e.partida_id IN (SELECT id FROM derive_partidas)
  GROUP BY e.partida_id
  UNION ALL
  -- an all-null row is a side the source did not cover
  SELECT partida_id, 0, 0, count(*) FILTER (WHERE algum IS NOT NULL)
  FROM (SELECT partida_id, coalesce(*COLUMNS(* EXCLUDE (partida_id, lado, time_id, origem, fonte))) AS algum
        FROM estatisticas WHERE partida_id IN (SELECT id FROM derive_partidas))
  GROUP BY partida_id
),
partida AS (
  SELECT p.campeonato_id, p.id, p.status = 'encerrado' AS encerrada, p.status = 'ao_vivo' AS ao_vivo,
         p.rodada_id IS NOT NULL AS com_rodada,
         p.data_hora IS NOT NULL AND (p.status <> 'encerrado' OR p.com_resultado) AS completa,
         p.com_resultado,
         (c.tipo = 'pontos-corridos' OR f.tipo IN ('pontos-corridos', 'grupos')) AS em_tabela,
         coalesce(e.eventos, 0) AS eventos,
         coalesce(e.eventos, 0) > 0 AND e.gols = p.placar_mandante + p.placar_visitante AS lance_a_lance,
         coalesce(sum(l.escalacoes), 0) AS escalacoes,
         coalesce(sum(l.escalacoes_completas), 0) AS escalacoes_completas,
         coalesce(sum(l.estatisticas), 0) AS estatisticas
  FROM derive_partidas p
  JOIN campeonatos c ON c.id = p.campeonato_id
  LEFT JOIN fases f ON f.id = p.fase_id
  LEFT JOIN eventos_por_partida e ON e.partida_id = p.id
  LEFT JOIN lados_por_partida l ON l.partida_id = p.id
  GROUP BY ALL
)
SELECT s.campeonato_id,
       CASE WHEN t.campeonato_id IS NULL THEN 'nao_coberto'
            ELSE derive_cobertura(coalesce(p.tabela_com_resultado, 0), coalesce(p.tabela_encerradas, 0), true) END AS classificacao,
       derive_cobertura(coalesce(p.com_rodada, 0), coalesce(p.total, 0), r.campeonato_id IS NOT NULL) AS rodadas,
       derive_cobertura(coalesce(p.completas, 0), coalesce(p.total, 0), false) AS partidas,
       derive_cobertura(coalesce(p.lance_a_lance, 0), coalesce(p.encerradas, 0), coalesce(p.algum_ao_vivo, false)) AS ao_vivo,
       derive_cobertura(coalesce(p.com_escalacoes, 0), coalesce(p.encerradas, 0), coalesce(p.alguma_escalacao, false)) AS escalacoes,
       derive_cobertura(coalesce(p.com_estatisticas, 0), coalesce(p.encerradas, 0), coalesce(p.alguma_estatistica, false)) AS estatisticas
FROM (SELECT id AS campeonato_id FROM campeonatos WHERE em_escopo(id)) s
LEFT JOIN (
  SELECT campeonato_id,
         count(*) AS total,
         count(*) FILTER (WHERE com_rodada) AS com_rodada,
         count(*) FILTER (WHERE completa) AS completas,
         count(*) FILTER (WHERE encerrada) AS encerradas,
         count(*) FILTER (WHERE encerrada AND em_tabela) AS tabela_encerradas,
         count(*) FILTER (WHERE com_resultado AND em_tabela) AS tabela_com_resultado,
         count(*) FILTER (WHERE encerrada AND lance_a_lance) AS lance_a_lance,
         count(*) FILTER (WHERE encerrada AND escalacoes_completas >= 2) AS com_escalacoes,
         count(*) FILTER (WHERE encerrada AND estatisticas >= 2) AS com_estatisticas,
         bool_or(eventos > 0 OR ao_vivo) AS algum_ao_vivo,
         bool_or(escalacoes > 0) AS alguma_escalacao,
         bool_or(estatisticas > 0) AS alguma_estatistica
  FROM partida
  GROUP BY campeonato_id
) p ON p.campeonato_id = s.campeonato_id
LEFT JOIN (SELECT DISTINCT campeonato_id FROM classificacao) t ON t.campeonato_id = s.campeonato_id
LEFT JOIN (SELECT DISTINCT campeonato_id FROM rodadas) r ON r.campeonato_id = s.campeonato_id;

-- Only the rows that differ are written: a feed that leaves them as they were leaves the table untouched
-- (nothing for the checkpoint to rewrite).
DELETE FROM cobertura t USING (
  SELECT * FROM cobertura WHERE em_escopo(campeonato_id)
  EXCEPT SELECT * FROM derive_cobertura
) x
WHERE t.campeonato_id = x.campeonato_id;
INSERT INTO cobertura SELECT * FROM derive_cobertura EXCEPT SELECT * FROM cobertura;
