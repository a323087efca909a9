-- Quota handed out to `svc serve` processes for a (key, day): a process admits requests only from the block
-- it reserved, so several processes on one control plane never admit more than the quota together.
-- `requisicoes` stays the count of requests actually admitted (what /v1/me reports).
ALTER TABLE uso_diario ADD COLUMN reservadas INTEGER NOT NULL DEFAULT 0;
UPDATE uso_diario SET reservadas = requisicoes;
