-- Snapshot schema (DuckDB). One file = one immutable snapshot. Internal ids are INTEGERs allocated by
-- ingest from the control plane's counters, stable across runs and snapshots.
-- No PRIMARY KEY / UNIQUE constraints: DuckDB checks them eagerly inside a transaction, which breaks
-- delete-then-reinsert upserts; the loader guarantees uniqueness (keys documented per table) and tests
-- assert it.

-- Snapshot facts: snapshot_id, parent_id, criado_em, schema_version, seq_inicio, seq_fim.
CREATE TABLE snapshot_meta (chave VARCHAR NOT NULL, valor VARCHAR NOT NULL);

-- Source key -> internal id. Key: (entidade, fonte, chave).
-- entidade: campeonato | fase | chave | rodada | time | jogador | partida | evento
CREATE TABLE id_fonte (entidade VARCHAR NOT NULL, fonte VARCHAR NOT NULL, chave VARCHAR NOT NULL, id INTEGER NOT NULL);

-- Key: id.
CREATE TABLE campeonatos (
  id INTEGER NOT NULL,
  nome VARCHAR NOT NULL,
  nome_popular VARCHAR NOT NULL,
  slug VARCHAR NOT NULL,            -- competition slug, shared across seasons and sources
  temporada VARCHAR NOT NULL,
  tipo VARCHAR NOT NULL,            -- pontos-corridos | mata-mata
  regiao VARCHAR NOT NULL,
  logo_url VARCHAR,
  status_fonte VARCHAR,             -- status given by the feed, if any
  fonte VARCHAR NOT NULL,
  status VARCHAR,                   -- derived: andamento | encerrado | agendado (status_fonte wins)
  rodada_atual INTEGER,             -- derived: numero of the current round
  atualizado_em VARCHAR             -- the ingest time (ISO 8601) of the last ingest that loaded records of it
);

-- Key: id.
CREATE TABLE times (
  id INTEGER NOT NULL,
  nome VARCHAR NOT NULL,
  sigla VARCHAR NOT NULL,
  tipo VARCHAR NOT NULL,            -- clube | selecao
  escudo_url VARCHAR,
  estado VARCHAR,
  nome_normalizado VARCHAR NOT NULL, -- name resolution key (src/feeds/team-names.ts)
  fonte VARCHAR NOT NULL,
  sigla_fonte VARCHAR               -- the source's sigla, else the curated table's (src/feeds/team-siglas.json);
                                    -- null: `sigla` comes from the rule of src/warehouse/siglas.ts
);

-- Every name a source used for a team (searchable). Key: (time_id, apelido).
CREATE TABLE times_apelidos (
  time_id INTEGER NOT NULL,
  apelido VARCHAR NOT NULL,
  fonte VARCHAR NOT NULL
);

-- Key: id.
CREATE TABLE jogadores (
  id INTEGER NOT NULL,
  time_id INTEGER,
  nome VARCHAR NOT NULL,
  nome_popular VARCHAR NOT NULL,
  posicao VARCHAR,                  -- goleiro | zagueiro | lateral | volante | meia | atacante
  numero_camisa INTEGER,
  data_nascimento DATE,
  idade INTEGER,
  fonte VARCHAR NOT NULL,
  gols INTEGER NOT NULL DEFAULT 0,  -- derived: of a person's first record, the person's goals in all stored
                                    -- matches (own goals excluded); 0 on their other records
  chave_pessoa VARCHAR NOT NULL,    -- the name that groups records into people (src/feeds/player-names.ts)
  pessoa_id INTEGER                 -- derived: id of the person's first record (src/warehouse/people.ts)
);

-- One row per person: the records (one per club and spelling) that src/warehouse/people.ts found to be one
-- player. Derived; key: id = the id of the person's first record.
CREATE TABLE pessoas (
  id INTEGER NOT NULL,
  time_id INTEGER,                  -- the club of the latest appearance (else of the first record)
  posicao VARCHAR,                  -- of the latest record that has one
  numero_camisa INTEGER,
  registros INTEGER[] NOT NULL,     -- jogadores ids, first appearance first
  clubes INTEGER[] NOT NULL,        -- team ids, first club first
  grafias VARCHAR[] NOT NULL        -- every spelling of the name
);

-- Key: id.
CREATE TABLE fases (
  id INTEGER NOT NULL,
  campeonato_id INTEGER NOT NULL,
  nome VARCHAR NOT NULL,
  slug VARCHAR NOT NULL,
  ordem INTEGER NOT NULL,
  tipo VARCHAR NOT NULL,            -- mata-mata | pontos-corridos | grupos
  ida_e_volta BOOLEAN NOT NULL,
  decisivo BOOLEAN NOT NULL,
  eliminatorio BOOLEAN NOT NULL,
  fonte VARCHAR NOT NULL,
  status VARCHAR                    -- derived: agendada | andamento | finalizada
);

-- Bracket ties. Key: id.
CREATE TABLE chaves (
  id INTEGER NOT NULL,
  fase_id INTEGER NOT NULL,
  nome VARCHAR NOT NULL,
  slug VARCHAR NOT NULL,
  ordem INTEGER NOT NULL,
  fonte VARCHAR NOT NULL,
  -- derived (time_1 = home team of the first leg, or of the single match):
  partida_ida_id INTEGER,
  partida_volta_id INTEGER,
  time_1_id INTEGER,
  time_2_id INTEGER,
  gols_time_1 INTEGER,              -- aggregate over finished legs
  gols_time_2 INTEGER,
  penaltis_time_1 INTEGER,
  penaltis_time_2 INTEGER,
  vencedor_id INTEGER               -- null until decided
);

-- Key: id.
CREATE TABLE rodadas (
  id INTEGER NOT NULL,
  campeonato_id INTEGER NOT NULL,
  fase_id INTEGER,
  numero INTEGER NOT NULL,
  nome VARCHAR NOT NULL,
  slug VARCHAR NOT NULL,
  fonte VARCHAR NOT NULL,
  status VARCHAR,                   -- derived: agendada | andamento | encerrada
  data DATE                         -- derived: local date of the round's first match
);

-- Key: id.
CREATE TABLE partidas (
  id INTEGER NOT NULL,
  campeonato_id INTEGER NOT NULL,
  rodada_id INTEGER,
  fase_id INTEGER,
  chave_id INTEGER,
  jogo SMALLINT,                    -- 1 = ida, 2 = volta, null = single match
  time_mandante_id INTEGER NOT NULL,
  time_visitante_id INTEGER NOT NULL,
  placar_mandante INTEGER,          -- null until the match has a score; includes extra time
  placar_visitante INTEGER,
  prorrogacao BOOLEAN NOT NULL,
  penalti_mandante INTEGER,         -- shoot-out; null when none
  penalti_visitante INTEGER,
  status VARCHAR NOT NULL,          -- aguardando | ao_vivo | encerrado | adiado
  data_hora VARCHAR,                -- ISO 8601 with the source's UTC offset, as served
  inicio_utc TIMESTAMP,             -- kick-off in UTC, for ordering
  data_local DATE,                  -- local date at the given offset (data_realizacao, date filters)
  hora_local VARCHAR,               -- HH:MM at the given offset (hora_realizacao)
  estadio VARCHAR,
  slug VARCHAR NOT NULL,            -- e.g. flamengo-cruzeiro-27-04-2019
  fonte VARCHAR NOT NULL            -- the source that last wrote the row; of a finished match, the one whose score it holds
);

-- Match events. Key: id.
CREATE TABLE eventos (
  id INTEGER NOT NULL,
  partida_id INTEGER NOT NULL,
  tipo VARCHAR NOT NULL,            -- gol | gol_contra | penalti | cartao_amarelo | cartao_vermelho | substituicao
  minuto INTEGER NOT NULL,
  acrescimo INTEGER,
  time_id INTEGER NOT NULL,         -- goals: the team credited with the goal
  jogador VARCHAR,
  jogador_id INTEGER,
  jogador_entra VARCHAR,
  jogador_entra_id INTEGER,
  fonte VARCHAR NOT NULL
);

-- Key: (partida_id, lado).
CREATE TABLE escalacoes (
  partida_id INTEGER NOT NULL,
  lado VARCHAR NOT NULL,            -- mandante | visitante
  time_id INTEGER NOT NULL,
  formacao VARCHAR,
  tecnico VARCHAR,
  confirmada BOOLEAN NOT NULL,
  fonte VARCHAR NOT NULL
);

-- Key: (partida_id, lado, titular, ordem).
CREATE TABLE escalacao_jogadores (
  partida_id INTEGER NOT NULL,
  lado VARCHAR NOT NULL,
  titular BOOLEAN NOT NULL,
  ordem INTEGER NOT NULL,
  jogador_id INTEGER,
  nome VARCHAR NOT NULL,
  apelido VARCHAR NOT NULL,
  numero INTEGER,
  posicao VARCHAR,
  posicao_sigla VARCHAR,
  foto_url VARCHAR,
  substituido_por JSON,             -- {jogador_id, nome, minuto} or null
  estatisticas JSON                 -- detailed per-player statistics (spec shape) or null
);

-- Match statistics per side. Key: (partida_id, lado). Every field nullable: null = not reported.
CREATE TABLE estatisticas (
  partida_id INTEGER NOT NULL,
  lado VARCHAR NOT NULL,
  time_id INTEGER NOT NULL,
  origem VARCHAR NOT NULL,          -- basica | avancada
  fonte VARCHAR NOT NULL,
  posse_bola DOUBLE,
  precisao_passes DOUBLE,
  gols_esperados DOUBLE,
  nota_media DOUBLE,
  duelos_vencidos_percentual DOUBLE,
  gols_evitados DOUBLE,
  finalizacoes_total INTEGER,
  finalizacoes_no_gol INTEGER,
  finalizacoes_fora INTEGER,
  finalizacoes_trave INTEGER,
  finalizacoes_bloqueadas INTEGER,
  penaltis INTEGER,
  escanteios INTEGER,
  faltas INTEGER,
  impedimentos INTEGER,
  cartoes_amarelos INTEGER,
  cartoes_vermelhos INTEGER,
  defesas INTEGER,
  desarmes INTEGER,
  passes_total INTEGER,
  passes_errados INTEGER,
  grandes_chances INTEGER,
  tiros_livres INTEGER,
  finalizacoes_dentro_area INTEGER,
  finalizacoes_fora_area INTEGER,
  grandes_chances_convertidas INTEGER,
  grandes_chances_perdidas INTEGER,
  passes_em_profundidade INTEGER,
  toques_area_adversaria INTEGER,
  faltas_sofridas_ultimo_terco INTEGER,
  laterais_cobrados INTEGER,
  entradas_ultimo_terco INTEGER,
  passes_ultimo_terco_certos INTEGER,
  passes_ultimo_terco_total INTEGER,
  bolas_longas_certas INTEGER,
  bolas_longas_total INTEGER,
  cruzamentos_certos INTEGER,
  cruzamentos_total INTEGER,
  posses_perdidas INTEGER,
  duelos_chao_vencidos INTEGER,
  duelos_chao_total INTEGER,
  duelos_aereos_vencidos INTEGER,
  duelos_aereos_total INTEGER,
  dribles_certos INTEGER,
  dribles_total INTEGER,
  desarmes_certos INTEGER,
  interceptacoes INTEGER,
  recuperacoes_bola INTEGER,
  cortes INTEGER,
  erros_para_finalizacao INTEGER,
  erros_para_gol INTEGER,
  defesas_dificeis INTEGER,
  saidas_altas INTEGER,
  socos_do_goleiro INTEGER,
  tiros_de_meta INTEGER
);

-- Points adjustments of a team in a championship's whole standings (a court's deduction): from the canonical
-- feed, and the public record the data files lack (src/feeds/public-record.json, fonte 'registro-publico').
-- Key: (fonte, chave).
CREATE TABLE ajustes_pontos (
  fonte VARCHAR NOT NULL,
  chave VARCHAR NOT NULL,
  campeonato_id INTEGER NOT NULL,
  time_id INTEGER NOT NULL,
  pontos INTEGER NOT NULL,          -- added to the team's points; a deduction is negative
  motivo VARCHAR NOT NULL,
  referencia VARCHAR NOT NULL       -- who decided it and where it is published
);

-- ===== Derived tables (recomputed by ingest from the tables above) =====

-- Standings. fase_id NULL = whole championship. Key: (campeonato_id, fase_id, time_id).
CREATE TABLE classificacao (
  campeonato_id INTEGER NOT NULL,
  fase_id INTEGER,
  posicao INTEGER NOT NULL,
  time_id INTEGER NOT NULL,
  pontos INTEGER NOT NULL,
  jogos INTEGER NOT NULL,
  vitorias INTEGER NOT NULL,
  empates INTEGER NOT NULL,
  derrotas INTEGER NOT NULL,
  gols_pro INTEGER NOT NULL,
  gols_contra INTEGER NOT NULL,
  saldo INTEGER NOT NULL,
  cartoes_vermelhos INTEGER NOT NULL,
  cartoes_amarelos INTEGER NOT NULL,
  ajustes VARCHAR                   -- JSON [{pontos, motivo, referencia}] counted in `pontos`; null when none
);

-- Top scorers per championship (players with 0 goals absent). Key: (campeonato_id, jogador_id).
CREATE TABLE artilharia (
  campeonato_id INTEGER NOT NULL,
  jogador_id INTEGER NOT NULL,
  time_id INTEGER,                  -- team the player scored for in this championship
  gols INTEGER NOT NULL,
  posicao INTEGER NOT NULL          -- order: gols desc, then name
);

-- Coverage computed from stored data. Values: coberto | parcial | nao_coberto. Key: campeonato_id.
CREATE TABLE cobertura (
  campeonato_id INTEGER NOT NULL,
  classificacao VARCHAR NOT NULL,
  rodadas VARCHAR NOT NULL,
  partidas VARCHAR NOT NULL,
  ao_vivo VARCHAR NOT NULL,
  escalacoes VARCHAR NOT NULL,
  estatisticas VARCHAR NOT NULL
);

-- Events detected by the ingest that published this snapshot (only those). Key: seq, from the control
-- plane counter 'evento_seq' so it never goes backwards, even after a rollback.
CREATE TABLE outbox (
  seq BIGINT NOT NULL,
  evento VARCHAR NOT NULL,          -- partida.criada | partida.ao_vivo | ... | fase.finalizada
  campeonato_id INTEGER NOT NULL,
  partida_id INTEGER,
  gerado_em VARCHAR NOT NULL,       -- ISO 8601 with offset
  corpo VARCHAR NOT NULL            -- the exact webhook body: {"evento","gerado_em","dados"}
);
