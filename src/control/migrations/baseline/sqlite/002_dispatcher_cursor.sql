-- Last outbox seq fully fanned out into deliveries by the webhook dispatcher. The row exists from the
-- moment the first webhook is created (initialised to the last seq handed out then), so snapshot
-- retention knows which snapshots still hold events nobody has consumed.
CREATE TABLE dispatcher_cursor (
  nome TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
);
