-- Secret rotation with an overlap: the previous secret (sealed like the current one) keeps signing, in an extra
-- header, until `segredo_anterior_ate` (epoch ms), so receivers can switch without dropping deliveries.
ALTER TABLE webhooks ADD COLUMN segredo_anterior TEXT;
ALTER TABLE webhooks ADD COLUMN segredo_anterior_ate INTEGER;
