/** The spec's webhook event catalogue, in the spec's order: detected at ingest, subscribed to and delivered. */
export const EVENTOS = [
  'partida.criada',
  'partida.ao_vivo',
  'partida.placar_atualizado',
  'partida.gol',
  'partida.encerrada',
  'partida.escalacao_publicada',
  'rodada.encerrada',
  'fase.finalizada',
] as const;
export type EventName = (typeof EVENTOS)[number];

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENTOS as readonly string[]).includes(value);
}
