-- API customers. An account has one plan; keys belong to an account. `campeonatos` is a JSON array of
-- championship ids the account may read (null = every championship). `cota_requisicoes` and
-- `requisicoes_por_segundo` override the plan's defaults for this account (an enterprise contract).
CREATE TABLE contas (
  id INTEGER PRIMARY KEY,
  nome TEXT NOT NULL UNIQUE,
  plano TEXT NOT NULL,
  campeonatos TEXT,
  cota_requisicoes INTEGER,
  requisicoes_por_segundo INTEGER,
  criada_em TEXT NOT NULL,
  atualizada_em TEXT NOT NULL
);

-- API keys: only the SHA-256 of the key is stored (hex); `prefixo` is the visible start, for support.
-- Rotation replaces hash and prefix in place, so usage and quota follow the key id.
CREATE TABLE chaves_api (
  id INTEGER PRIMARY KEY,
  conta_id INTEGER NOT NULL REFERENCES contas (id),
  nome TEXT,
  prefixo TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  ativa INTEGER NOT NULL,
  criada_em TEXT NOT NULL,
  rotacionada_em TEXT,
  revogada_em TEXT
);
CREATE INDEX chaves_api_conta ON chaves_api (conta_id);
