import { Fragment, useEffect, useState } from 'react';
import { fmtDateTime, fmtMs } from './format.js';
import { errorText, useApi, useLoad } from './session.js';
import type { Entrega, Webhook } from './types.js';

const STATUS: Record<Entrega['status'], string> = {
  pendente: 'Pendente',
  entregue: 'Entregue',
  falhou: 'Falhou',
  descartada: 'Descartada',
};
const ORIGEM: Record<Entrega['origem'], string> = {
  automatica: 'Evento',
  teste: 'Teste',
  replay: 'Reenvio (svc replay)',
  disparo: 'Disparo (svc webhooks trigger)',
};

/** One webhook's recent deliveries: outcome, attempts, the signed body, resend. */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const call = useApi();
  const [status, setStatus] = useState('');
  const { data, error, reload } = useLoad(
    () =>
      Promise.all([
        call<{ data: Webhook }>('GET', `/v1/webhooks/${webhookId}`),
        call<{ data: Entrega[] }>(
          'GET',
          `/v1/webhooks/${webhookId}/entregas?limite=50${status ? `&status=${status}` : ''}`,
        ),
      ]),
    [call, webhookId, status],
  );
  const [open, setOpen] = useState<{ id: string; corpo: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const webhook = data?.[0].data;
  const entregas = data?.[1].data ?? [];

  // While a delivery is on its way, follow it (the daemon sends within moments; retries take longer).
  const pending = entregas.some((e) => e.status === 'pendente');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [pending, reload]);

  async function showBody(e: Entrega) {
    if (open?.id === e.id) return setOpen(null);
    try {
      const r = await call<{ data: { corpo: string } }>(
        'GET',
        `/v1/webhooks/${webhookId}/entregas/${encodeURIComponent(e.id)}`,
      );
      setOpen({ id: e.id, corpo: r.data.corpo });
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    }
  }

  async function resend(e: Entrega) {
    setResult(null);
    try {
      await call('POST', `/v1/webhooks/${webhookId}/entregas/${encodeURIComponent(e.id)}/reenviar`);
      setResult({ ok: true, text: `Entrega ${e.id} reenfileirada (mesmo X-SVC-Entrega, assinatura nova).` });
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    }
    reload();
  }

  return (
    <>
      <p>
        <a href="#/webhooks">← Webhooks</a>
      </p>
      <div className="titulo">
        <h1>Entregas{webhook ? ` de “${webhook.nome}”` : ''}</h1>
        <button type="button" className="secundario" onClick={reload}>
          Atualizar
        </button>
      </div>
      {webhook && (
        <p className="url">
          <code>{webhook.url}</code> · {webhook.ativo ? 'ativo' : 'desativado'}
        </p>
      )}
      {error && (
        <p className="erro" role="alert">
          {error}
        </p>
      )}
      <div className="filtro">
        <label htmlFor="filtro-status">Status</label>
        <select id="filtro-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Todos</option>
          {Object.entries(STATUS).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <p className={result?.ok === false ? 'erro' : 'sucesso'} role="status">
        {result?.text}
      </p>
      {data && entregas.length === 0 && <p>Nenhuma entrega{status ? ' com esse status' : ''}.</p>}
      {entregas.length > 0 && (
        <div className="rolagem">
          <table className="entregas responsiva">
            <thead>
              <tr>
                <th scope="col">Criada em</th>
                <th scope="col">Evento</th>
                <th scope="col">Origem</th>
                <th scope="col">Status</th>
                <th scope="col">Tentativas</th>
                <th scope="col">Resposta</th>
                <th scope="col">Tempo</th>
                <th scope="col">Ações</th>
              </tr>
            </thead>
            <tbody>
              {entregas.map((e) => (
                <Fragment key={e.id}>
                  <tr>
                    <td data-label="Criada em">{fmtDateTime(e.criada_em)}</td>
                    <td data-label="Evento">
                      <code>{e.evento}</code>
                    </td>
                    <td data-label="Origem">{ORIGEM[e.origem]}</td>
                    <td data-label="Status">
                      <span className={`selo ${e.status}`}>{STATUS[e.status]}</span>
                      {e.ultimo_erro && <div className="motivo">{e.ultimo_erro}</div>}
                    </td>
                    <td data-label="Tentativas" className="num">
                      {e.tentativas}
                    </td>
                    <td data-label="Resposta" className="num">
                      {e.ultimo_status_code ?? '—'}
                    </td>
                    <td data-label="Tempo" className="num">
                      {e.duracao_ms === null ? '—' : fmtMs(e.duracao_ms)}
                    </td>
                    <td data-label="Ações" className="acoes">
                      <button
                        type="button"
                        className="secundario"
                        aria-expanded={open?.id === e.id}
                        onClick={() => showBody(e)}
                      >
                        Corpo
                      </button>
                      <button type="button" disabled={e.status === 'pendente'} onClick={() => resend(e)}>
                        Reenviar
                      </button>
                    </td>
                  </tr>
                  {open?.id === e.id && (
                    <tr>
                      <td colSpan={8}>
                        <p className="nota">
                          Corpo assinado (texto exato enviado; X-SVC-Entrega <code>{e.id}</code>):
                        </p>
                        <pre className="corpo">{open.corpo}</pre>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
