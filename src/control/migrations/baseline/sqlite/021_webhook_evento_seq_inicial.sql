-- The last event seq handed out when the webhook was created: it receives only events after it, even when the
-- dispatcher's cursor lags behind (daemon stopped) and older events are fanned out later.
ALTER TABLE webhooks ADD COLUMN evento_seq_inicial INTEGER NOT NULL DEFAULT 0;
