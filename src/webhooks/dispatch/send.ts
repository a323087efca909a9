import type { Clock } from '../../clock.js';
import { nextAttemptOrigin } from '../../control/webhooks/records.js';
import { decide, MAX_ATTEMPTS } from '../retry-policy.js';
import type { Sender } from '../sender.js';
import { deliveryHeaders } from '../signing.js';
import type { AdmittedDispatch, CompletedDispatch } from './types.js';

export interface SendDeps {
  sender: Sender;
  clock: Clock;
  /** [0, 1): the retry jitter's source. */
  random: () => number;
}

/** The send stage: one signed attempt, and what the retry policy makes of its answer. */
export async function send(d: AdmittedDispatch, deps: SendDeps): Promise<CompletedDispatch> {
  const { job } = d;
  const numero = job.tentativas + 1;
  const sentAt = deps.clock.now();
  const headers = deliveryHeaders({
    evento: job.evento,
    entregaId: job.id,
    tentativa: numero,
    secret: job.secret,
    previousSecret: job.previousSecret,
    body: job.corpo,
    nowMs: sentAt,
  });
  const result = await deps.sender.send(job.url, job.corpo, headers);
  const ended = deps.clock.now();
  const attempt = {
    numero,
    origem: nextAttemptOrigin(job),
    destino: job.url,
    iniciadaEm: sentAt,
    statusCode: result.statusCode,
    erro: result.erro,
    duracaoMs: result.duracaoMs,
    resposta: result.resposta,
    cabecalhos: result.cabecalhos,
  };
  // A test is feedback for its author, not data to get through: one attempt, so a dead receiver is not retried.
  const maxAttempts = job.origem === 'teste' ? 1 : MAX_ATTEMPTS;
  const decision = decide({ numero, ...result, maxAttempts, nowMs: ended, random: deps.random });
  switch (decision.kind) {
    case 'entregue':
      return { job, metered: d.metered, outcome: { kind: 'entregue', attempt, at: ended } };
    case 'retentar':
      return { job, metered: d.metered, outcome: { kind: 'retentar', attempt, dueAt: ended + decision.delayMs } };
    case 'falhou':
      return { job, metered: d.metered, outcome: { kind: 'falhou', attempt, motivo: decision.motivo, at: ended } };
  }
}
