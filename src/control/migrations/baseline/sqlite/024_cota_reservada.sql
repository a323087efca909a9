-- A slot of the account's monthly delivery quota held by the worker that claimed this delivery, until its outcome
-- is recorded. It counts only while the claim is live (reservada_ate in the future): a killed worker's slots
-- free themselves when its lease lapses. Several workers thus never send more than the quota together.
ALTER TABLE entregas ADD COLUMN cota_reservada INTEGER NOT NULL DEFAULT 0;
