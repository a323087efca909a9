-- Shared pieces for the derive steps. derive.ts has already defined the TEMP macro em_escopo(campeonato_id),
-- true for the championships to recompute; every step touches only those.

-- Progress of a set of matches (round, phase, championship), with that level's three labels
-- [not started, in progress, finished]. A match is started when ao_vivo or encerrado and pending when
-- aguardando or ao_vivo; adiado is neither: a postponed match with no new date leaves nothing to play
-- (see docs/decisions.md), so a set whose other matches all ended is finished.
CREATE OR REPLACE TEMP MACRO derive_progresso(iniciadas, pendentes, rotulos) AS
  CASE WHEN iniciadas = 0 THEN rotulos[1] WHEN pendentes = 0 THEN rotulos[3] ELSE rotulos[2] END;

-- Coverage level of one data type: `cobertos` of `total` matches carry it fully; `algum`: some of it is
-- stored at all. With no match to judge yet, any of it counts as covered.
CREATE OR REPLACE TEMP MACRO derive_cobertura(cobertos, total, algum) AS
  CASE WHEN total = 0 THEN CASE WHEN algum THEN 'coberto' ELSE 'nao_coberto' END
       WHEN cobertos = total THEN 'coberto'
       WHEN cobertos > 0 OR algum THEN 'parcial'
       ELSE 'nao_coberto' END;

-- The matches in scope, with the phase they belong to: their own, or their round's (group rounds).
CREATE OR REPLACE TEMP TABLE derive_partidas AS
SELECT p.id, p.campeonato_id, p.rodada_id, coalesce(p.fase_id, r.fase_id) AS fase_id, p.chave_id, p.jogo,
       p.time_mandante_id, p.time_visitante_id, p.placar_mandante, p.placar_visitante,
       p.penalti_mandante, p.penalti_visitante, p.status, p.data_hora, p.data_local, p.inicio_utc,
       p.status IN ('ao_vivo', 'encerrado') AS iniciada,
       p.status IN ('aguardando', 'ao_vivo') AS pendente,
       p.status = 'encerrado' AND p.placar_mandante IS NOT NULL AND p.placar_visitante IS NOT NULL AS com_resultado
FROM partidas p
LEFT JOIN rodadas r ON r.id = p.rodada_id
WHERE em_escopo(p.campeonato_id);

-- Their events, read once for the steps below.
CREATE OR REPLACE TEMP TABLE derive_eventos AS
SELECT e.id, e.partida_id, e.tipo, e.minuto, e.acrescimo, e.time_id, e.jogador_id
FROM eventos e
WHERE e.partida_id IN (SELECT id FROM derive_partidas);
