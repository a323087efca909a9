import nodemailer from 'nodemailer';
import type { DeliveryQueue } from '../control/webhooks/delivery-queue.js';
import type { Deactivation } from '../control/webhooks/records.js';
import { errorText, type Logger } from '../log.js';

/** Sends one e-mail; the nodemailer transport in production. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** A mailer over SMTP (`url` e.g. smtp://user:pass@host:587); null when SMTP is not configured. */
export function createMailer(smtp: { url: string; from: string } | null): Mailer | null {
  if (!smtp) return null;
  const transport = nodemailer.createTransport(smtp.url);
  const { from } = smtp;
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

/**
 * The notice of a permanent deactivation: always recorded in the control plane (the operator's trail);
 * e-mailed when SMTP is configured and the account has an address; logged otherwise. Never rejects: a
 * failure is logged (the deactivation itself is already recorded).
 */
export async function noticePermanentDeactivation(
  store: DeliveryQueue,
  mailer: Mailer | null,
  d: Deactivation,
  now: number,
  log: Logger,
): Promise<void> {
  const assunto = `Webhook ${d.webhook.id} (${d.webhook.nome}) desativado`;
  try {
    const to = await store.accountEmail(d.webhook.contaId);
    const corpo = [
      `O webhook ${d.webhook.id} "${d.webhook.nome}" (${d.webhook.url}) foi desativado de forma permanente.`,
      `Motivo: ${d.motivo}.`,
      `Depois de corrigir o endpoint, reative-o com PATCH /v1/webhooks/${d.webhook.id} {"ativo": true}.`,
    ].join('\n');
    const id = await store.recordNotice(
      { contaId: d.webhook.contaId, webhookId: d.webhook.id, destinatario: to, assunto, corpo },
      now,
    );
    if (!mailer || !to) {
      log.warn(
        { event: 'aviso_registrado', webhook: d.webhook.id, notice: id },
        `${assunto} — ${d.motivo} (${!mailer ? 'SMTP não configurado' : 'conta sem e-mail'}; aviso ${id} registrado)`,
      );
      return;
    }
    let erro: string | null = null;
    try {
      await mailer.send({ to, subject: assunto, text: corpo });
    } catch (err) {
      erro = errorText(err);
      log.error({ event: 'aviso_nao_enviado', notice: id, err: erro }, `falha ao enviar e-mail para ${to}`);
    }
    await store.noticeOutcome(id, erro === null ? new Date(now).toISOString() : null, erro);
  } catch (err) {
    log.error(
      { event: 'aviso_nao_registrado', webhook: d.webhook.id, err: errorText(err) },
      `erro ao registrar o aviso "${assunto}"`,
    );
  }
}
