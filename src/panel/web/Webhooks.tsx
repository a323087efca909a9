import { useState } from 'react';
import { EVENTOS } from '../../domain/events.js';
import { useEventCatalogue } from './catalogue.js';
import { fmtDateTime, fmtNumber, humanDates } from './format.js';
import { Result } from './Result.js';
import { SecretBox } from './SecretBox.js';
import { errorText, useApi, useLoad } from './session.js';
import type { Webhook, WebhooksMeta } from './types.js';
import { WebhookForm, type WebhookInput } from './WebhookForm.js';

const BY_CUSTOMER = 'Desativado pelo cliente';
/** How long the previous secret keeps signing after a rotation (`sobreposicao_segundos`). */
const OVERLAPS: readonly [number, string][] = [
  [0, 'nenhum: deixa de valer já'],
  [3600, '1 hora'],
  [86_400, '24 horas'],
  [604_800, '7 dias'],
];

/** The account's webhooks: quota, create, edit, activate, re-enable, rotate, test, delete. */
export function Webhooks() {
  const call = useApi();
  const { data, error, reload } = useLoad(
    () => call<{ data: Webhook[]; meta: WebhooksMeta }>('GET', '/v1/webhooks'),
    [call],
  );
  const catalogue = useEventCatalogue();
  // A secret and an outcome are shown where they were asked for: in the webhook's card, or under the new-webhook form.
  const [secret, setSecret] = useState<{ where: Place; titulo: string; secret: string; mensagem: string } | null>(null);
  const [result, setResult] = useState<{ where: Place; ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [rotating, setRotating] = useState<number | null>(null);
  const [overlap, setOverlap] = useState(0);

  /** Runs one action of a card; its outcome (or the API's error) is announced in that card. */
  async function act(where: Place, text: string, fn: () => Promise<unknown>): Promise<boolean> {
    setResult(null);
    let ok = true;
    try {
      await fn();
      setResult({ where, ok, text });
    } catch (err) {
      ok = false;
      setResult({ where, ok, text: errorText(err) });
    }
    reload();
    return ok;
  }

  // The form shows a refusal at its field; a success is announced under the form, with the secret.
  const create = async (input: WebhookInput) => {
    setResult(null);
    const r = await call<{ data: { nome: string; secret: string }; mensagem: string }>('POST', '/v1/webhooks', input);
    setSecret({
      where: 'novo',
      titulo: `Secret do webhook “${r.data.nome}”`,
      secret: r.data.secret,
      mensagem: r.mensagem,
    });
    setResult({ where: 'novo', ok: true, text: `Webhook “${r.data.nome}” criado.` });
    reload();
  };
  const rotate = (w: Webhook) =>
    act(w.id, 'Secret rotacionado.', async () => {
      const body = overlap > 0 ? { sobreposicao_segundos: overlap } : undefined;
      const r = await call<{ data: { secret: string }; mensagem: string }>(
        'POST',
        `/v1/webhooks/${w.id}/rotacionar-segredo`,
        body,
      );
      setSecret({
        where: w.id,
        titulo: `Novo secret do webhook “${w.nome}”`,
        secret: r.data.secret,
        mensagem: r.mensagem,
      });
    }).then(() => setRotating(null));
  const setActive = (w: Webhook, ativo: boolean) =>
    act(w.id, ativo ? `Webhook “${w.nome}” ativado.` : `Webhook “${w.nome}” desativado.`, () =>
      call('PATCH', `/v1/webhooks/${w.id}`, { ativo }),
    );
  // A test carries webhook.teste, or any event with the example payload of the docs.
  const [testEvent, setTestEvent] = useState<Record<number, string>>({});
  const test = (w: Webhook) => {
    const evento = testEvent[w.id] ?? '';
    return act(w.id, `Entrega de teste${evento ? ` de ${evento}` : ''} enfileirada: acompanhe em Entregas.`, () =>
      call('POST', `/v1/webhooks/${w.id}/testar`, evento ? { evento } : undefined),
    );
  };
  const remove = (w: Webhook) =>
    act('lista', `Webhook “${w.nome}” excluído.`, () => call('DELETE', `/v1/webhooks/${w.id}`)).then(() =>
      setDeleting(null),
    );
  const update = async (w: Webhook, input: WebhookInput) => {
    setResult(null);
    await call('PATCH', `/v1/webhooks/${w.id}`, input);
    setEditing(null);
    setResult({ where: w.id, ok: true, text: `Webhook “${input.nome}” atualizado.` });
    reload();
  };
  const resultAt = (where: Place) => (result?.where === where ? result : null);
  const secretAt = (where: Place) =>
    secret?.where === where && (
      <SecretBox {...secret} mensagem={humanDates(secret.mensagem)} onClose={() => setSecret(null)} />
    );

  const meta = data?.meta;
  return (
    <>
      <div className="titulo">
        <h1>Webhooks</h1>
        <button type="button" className="secundario" onClick={reload}>
          Atualizar
        </button>
      </div>
      {error && (
        <p className="erro" role="alert">
          {error}
        </p>
      )}
      {meta && (
        <section className="cartao" aria-label="Cota mensal de entregas">
          <h2>
            Entregas do mês ({meta.entregas_referencia.slice(4)}/{meta.entregas_referencia.slice(0, 4)})
          </h2>
          <p className="valor">
            {fmtNumber(meta.entregas_mes_usadas)}{' '}
            <span>de {meta.entregas_mes_limite === null ? 'ilimitadas' : fmtNumber(meta.entregas_mes_limite)}</span>
          </p>
          {meta.entregas_mes_limite !== null && (
            <meter
              min={0}
              max={meta.entregas_mes_limite}
              value={meta.entregas_mes_usadas}
              aria-label="Entregas usadas no mês"
            />
          )}
          <p className="nota">Contam só as entregas de eventos respondidas com 2xx.</p>
        </section>
      )}
      <Result value={resultAt('lista')} />
      <ul className="webhooks">
        {data?.data.map((w) => (
          <li key={w.id} className="cartao">
            <h2>{w.nome}</h2>
            <p className="url">
              <code>{w.url}</code>
            </p>
            <p>
              <span className={w.ativo ? 'selo ativo' : 'selo inativo'}>{w.ativo ? 'Ativo' : 'Desativado'}</span>
              {!w.ativo && w.motivo_desativacao && <span className="motivo"> {humanDates(w.motivo_desativacao)}</span>}
            </p>
            <dl>
              <dt>Eventos</dt>
              <dd>{w.eventos.length === EVENTOS.length ? `todos (${w.eventos.join(', ')})` : w.eventos.join(', ')}</dd>
              <dt>Falhas seguidas</dt>
              <dd>{w.falhas_consecutivas}</dd>
              <dt>Última entrega com sucesso</dt>
              <dd>{fmtDateTime(w.ultimo_sucesso_em)}</dd>
            </dl>
            {editing === w.id ? (
              <WebhookForm
                initial={w}
                submitLabel="Salvar"
                onSubmit={(input) => update(w, input)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <div className="acoes teste">
                  <a className="botao" href={`#/webhooks/${w.id}/entregas`}>
                    Entregas
                  </a>
                  <label htmlFor={`teste-evento-${w.id}`}>Evento do teste</label>
                  <select
                    id={`teste-evento-${w.id}`}
                    value={testEvent[w.id] ?? ''}
                    onChange={(e) => setTestEvent((m) => ({ ...m, [w.id]: e.target.value }))}
                  >
                    <option value="">webhook.teste</option>
                    {EVENTOS.map((evento) => (
                      <option key={evento} value={evento}>
                        {evento}
                      </option>
                    ))}
                  </select>
                  <button type="button" onClick={() => test(w)}>
                    Enviar teste
                  </button>
                </div>
                <p className="nota">
                  {testEvent[w.id]
                    ? `${catalogue?.[testEvent[w.id] as string]?.descricao ?? ''} Vai com o payload de exemplo da documentação.`
                    : 'Uma entrega genérica (webhook.teste), só para conferir a URL e a assinatura.'}
                </p>
                <div className="acoes">
                  {w.ativo ? (
                    <button type="button" className="secundario" onClick={() => setActive(w, false)}>
                      Desativar
                    </button>
                  ) : (
                    <button type="button" onClick={() => setActive(w, true)}>
                      {w.motivo_desativacao === BY_CUSTOMER ? 'Ativar' : 'Reativar'}
                    </button>
                  )}
                  <button type="button" className="secundario" onClick={() => setEditing(w.id)}>
                    Editar
                  </button>
                  {rotating === w.id ? (
                    <>
                      <label htmlFor={`sobreposicao-${w.id}`}>Secret anterior válido por</label>
                      <select
                        id={`sobreposicao-${w.id}`}
                        value={overlap}
                        onChange={(e) => setOverlap(Number(e.target.value))}
                      >
                        {OVERLAPS.map(([seconds, label]) => (
                          <option key={seconds} value={seconds}>
                            {label}
                          </option>
                        ))}
                      </select>
                      <button type="button" onClick={() => rotate(w)}>
                        Confirmar rotação
                      </button>
                      <button type="button" className="secundario" onClick={() => setRotating(null)}>
                        Cancelar
                      </button>
                    </>
                  ) : (
                    <button type="button" className="secundario" onClick={() => (setOverlap(0), setRotating(w.id))}>
                      Rotacionar secret
                    </button>
                  )}
                  {deleting === w.id ? (
                    <>
                      <button type="button" className="perigo" onClick={() => remove(w)}>
                        Confirmar exclusão
                      </button>
                      <button type="button" className="secundario" onClick={() => setDeleting(null)}>
                        Manter
                      </button>
                    </>
                  ) : (
                    <button type="button" className="perigo" onClick={() => setDeleting(w.id)}>
                      Excluir
                    </button>
                  )}
                </div>
              </>
            )}
            <Result value={resultAt(w.id)} />
            {secretAt(w.id)}
          </li>
        ))}
      </ul>
      {data && data.data.length === 0 && <p>Nenhum webhook ainda.</p>}
      <section>
        <h2>Novo webhook</h2>
        <WebhookForm submitLabel="Criar webhook" onSubmit={create} />
        <Result value={resultAt('novo')} />
        {secretAt('novo')}
      </section>
    </>
  );
}

/** Where an outcome belongs: a webhook's card (its id), the new-webhook form, or the list itself. */
type Place = number | 'novo' | 'lista';
