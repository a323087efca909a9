-- The quota gate counts the slots an account's claims hold at each reservation (`quotaStanding` in
-- delivery-statements.ts). Without this index that count read every pending delivery of the account, its whole
-- backlog (tens of µs a delivery with thousands due); held slots are few: the claims ahead of the workers.
CREATE INDEX entregas_cota_reservada ON entregas (conta_id, reservada_ate) WHERE cota_reservada = 1 AND status = 'pendente';
