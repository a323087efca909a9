import { Fragment, useEffect, useState } from 'react';
import { fmtDateTime, fmtMs } from './format.js';
import { errorText, useApi, useLoad } from './session.js';
import type { Entrega, EntregaDetalhe, Tentativa, Webhook } from './types.js';

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
const ORIGEM_TENTATIVA: Record<Tentativa['origem'], string> = { ...ORIGEM, reenvio: 'Reenvio (painel ou API)' };

/** The body laid out for reading; the exact signed text stays one click away. */
function pretty(corpo: string): string {
  try {
    return JSON.stringify(JSON.parse(corpo), null, 2);
  } catch {
    return corpo;
  }
}

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
  const [open, setOpen] = useState<EntregaDetalhe | null>(null);
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
      const r = await call<{ data: EntregaDetalhe }>(
        'GET',
        `/v1/webhooks/${webhookId}/entregas/${encodeURIComponent(e.id)}`,
      );
      setOpen(r.data);
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
                        Detalhes
                      </button>
                      <button type="button" disabled={e.status === 'pendente'} onClick={() => resend(e)}>
                        Reenviar
                      </button>
                    </td>
                  </tr>
                  {open?.id === e.id && (
                    <tr>
                      <td colSpan={8}>
                        <Timeline historico={open.historico} />
                        <p className="nota">
                          Corpo (X-SVC-Entrega <code>{e.id}</code>):
                        </p>
                        <pre className="corpo">{pretty(open.corpo)}</pre>
                        <details>
                          <summary>Texto exato assinado e enviado</summary>
                          <pre className="corpo exato">{open.corpo}</pre>
                        </details>
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

/** Every attempt at a delivery, first to last: who made it, when, what the receiver answered. */
function Timeline({ historico }: { historico: Tentativa[] }) {
  if (historico.length === 0) return <p className="nota">Nenhuma tentativa ainda.</p>;
  return (
    <table className="historico responsiva" aria-label="Tentativas">
      <thead>
        <tr>
          <th scope="col">Nº</th>
          <th scope="col">Origem</th>
          <th scope="col">Início</th>
          <th scope="col">Resposta</th>
          <th scope="col">Tempo</th>
          <th scope="col">Corpo da resposta</th>
        </tr>
      </thead>
      <tbody>
        {historico.map((t) => (
          <tr key={t.numero}>
            <td data-label="Nº" className="num">
              {t.numero}
            </td>
            <td data-label="Origem">{ORIGEM_TENTATIVA[t.origem]}</td>
            <td data-label="Início">{fmtDateTime(t.iniciada_em)}</td>
            <td data-label="Resposta">{t.status_code ?? t.erro ?? '—'}</td>
            <td data-label="Tempo" className="num">
              {fmtMs(t.duracao_ms)}
            </td>
            <td data-label="Corpo da resposta">{t.resposta ? <code className="resposta">{t.resposta}</code> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
