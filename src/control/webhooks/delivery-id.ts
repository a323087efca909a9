/**
 * A new delivery id (X-SVC-Entrega): a UUIDv7 (RFC 9562), its first 48 bits the creation time in ms, the rest random.
 * Time-ordered, so the indexes keyed on delivery ids (the deliveries' primary key, their attempts') grow at their
 * end: a burst of fan-out inserts or recorded attempts dirties a few pages instead of one page per id, which a
 * random UUID did (each a page written at commit and again at checkpoint).
 */
export function newDeliveryId(now: number): string {
  // randomUUID draws from a cached entropy pool: cheaper than its own randomBytes(16). Its version nibble (4) is
  // replaced, the variant bits (10) are the same in both versions; 74 random bits remain.
  const random = crypto.randomUUID();
  const t = now.toString(16).padStart(12, '0');
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${random.slice(15)}`;
}
