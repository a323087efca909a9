-- Every attempt has its own origin and a number that never repeats. `reenvio_apos` is the attempt count when an
-- API/panel resend put the delivery back in the queue: the daemon's next attempt (number reenvio_apos + 1) is
-- recorded with origin 'reenvio'. `resposta` keeps the first KiB of the receiver's answer, for the timeline.
ALTER TABLE entregas ADD COLUMN reenvio_apos INTEGER;
ALTER TABLE tentativas_entrega ADD COLUMN resposta TEXT;
