-- Webhooks registered by API customers. `eventos` is a JSON array of event names. The secret is kept in
-- clear because every delivery is signed with it (HMAC), unlike API keys which are only compared.
-- Deactivation: `ativo` 0 with `reativar_em` set = temporary (re-enabled at that time); `reativar_em`
-- null = permanent (only a PATCH ativo=true lifts it). `desativacoes_seguidas` counts temporary
-- deactivations since the last 2xx, to decide the permanent one.
CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY,
  conta_id INTEGER NOT NULL,
  nome TEXT NOT NULL,
  url TEXT NOT NULL,
  eventos TEXT NOT NULL,
  ativo INTEGER NOT NULL,
  secret TEXT NOT NULL,
  criado_em TEXT NOT NULL,
  atualizado_em TEXT NOT NULL,
  falhas_consecutivas INTEGER NOT NULL DEFAULT 0,
  ultimo_sucesso_em TEXT,
  desativado_em TEXT,
  motivo_desativacao TEXT,
  reativar_em TEXT,
  desativacoes_seguidas INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX webhooks_conta ON webhooks (conta_id);

-- One row per (event, webhook) — the unique key makes the fan-out idempotent, so a crash between fan-out
-- and cursor advance never duplicates a delivery. Test deliveries have no event seq (NULL never collides).
-- `corpo` is the exact body, stored once, so every attempt and replay sends the same bytes under the
-- same id. `proxima_tentativa_em` (epoch ms) is when a `pendente` delivery is due; `reservada_ate`
-- (epoch ms) is the claim of the worker sending it, `reservada_por` who claimed it (host:pid).
CREATE TABLE entregas (
  id TEXT PRIMARY KEY,
  webhook_id INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  conta_id INTEGER NOT NULL,
  evento TEXT NOT NULL,
  evento_seq INTEGER,
  campeonato_id INTEGER,
  corpo TEXT NOT NULL,
  origem TEXT NOT NULL,
  status TEXT NOT NULL,
  tentativas INTEGER NOT NULL DEFAULT 0,
  criada_em TEXT NOT NULL,
  entregue_em TEXT,
  proxima_tentativa_em INTEGER,
  reservada_ate INTEGER,
  reservada_por TEXT,
  ultimo_status_code INTEGER,
  ultimo_erro TEXT,
  duracao_ms INTEGER,
  UNIQUE (evento_seq, webhook_id)
);
CREATE INDEX entregas_devidas ON entregas (status, proxima_tentativa_em);
CREATE INDEX entregas_webhook ON entregas (webhook_id, criada_em);

-- Every HTTP attempt, including replays (origem 'replay', possibly to another URL: `destino`).
CREATE TABLE tentativas_entrega (
  id INTEGER PRIMARY KEY,
  entrega_id TEXT NOT NULL REFERENCES entregas (id) ON DELETE CASCADE,
  numero INTEGER NOT NULL,
  origem TEXT NOT NULL,
  destino TEXT NOT NULL,
  iniciada_em TEXT NOT NULL,
  status_code INTEGER,
  erro TEXT,
  duracao_ms INTEGER NOT NULL
);
CREATE INDEX tentativas_entrega_por_entrega ON tentativas_entrega (entrega_id);

-- Successful (2xx) automatic deliveries per account and UTC month (`referencia` YYYYMM).
CREATE TABLE entregas_mensais (
  conta_id INTEGER NOT NULL,
  referencia TEXT NOT NULL,
  usadas INTEGER NOT NULL,
  PRIMARY KEY (conta_id, referencia)
);

-- Per-account webhook settings beyond the plan defaults (an enterprise contract): NULL = plan default.
-- `limite_entregas_ilimitado` 1 = no monthly delivery quota. `email` receives deactivation notices.
CREATE TABLE webhook_contas (
  conta_id INTEGER PRIMARY KEY,
  limite_webhooks INTEGER,
  limite_entregas_mes INTEGER,
  limite_entregas_ilimitado INTEGER NOT NULL DEFAULT 0,
  email TEXT
);

-- History of deactivations (tipo 'temporaria' | 'permanente').
CREATE TABLE webhook_desativacoes (
  id INTEGER PRIMARY KEY,
  webhook_id INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  tipo TEXT NOT NULL,
  motivo TEXT NOT NULL,
  em TEXT NOT NULL,
  reativar_em TEXT
);

-- E-mail notices of permanent deactivation: always recorded here; `enviado_em` set when SMTP sent it.
CREATE TABLE avisos_email (
  id INTEGER PRIMARY KEY,
  conta_id INTEGER NOT NULL,
  webhook_id INTEGER NOT NULL,
  destinatario TEXT,
  assunto TEXT NOT NULL,
  corpo TEXT NOT NULL,
  criado_em TEXT NOT NULL,
  enviado_em TEXT,
  erro TEXT
);
