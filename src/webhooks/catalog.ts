import type { EventName } from '../warehouse/events/detect.js';

/** The spec's event catalogue, in the spec's order. */
export const EVENTOS = [
  'partida.criada',
  'partida.ao_vivo',
  'partida.placar_atualizado',
  'partida.gol',
  'partida.encerrada',
  'partida.escalacao_publicada',
  'rodada.encerrada',
  'fase.finalizada',
] as const satisfies readonly EventName[];

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENTOS as readonly string[]).includes(value);
}

/** Delivery statuses (ARCHITECTURE §6). */
export type DeliveryStatus = 'pendente' | 'entregue' | 'falhou' | 'descartada';
export type DeliveryOrigin = 'automatica' | 'teste' | 'replay';

/** Largest body a webhook delivery may carry. */
export const PAYLOAD_CAP_BYTES = 256 * 1024;

export const QUOTA_DISCARD_REASON = 'Cota mensal de entregas excedida';
