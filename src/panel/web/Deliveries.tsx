import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { systemClock } from '../../clock.js';
import { EVENTOS } from '../../domain/events.js';
import { fmtDateTime, fmtMs, fmtNumber } from './format.js';
import { Result, type Feedback } from './Result.js';
import { errorText, useApi, useLoad } from './session.js';
import type { Entrega, EntregaDetalhe, EntregasMeta, Tentativa, Webhook } from './types.js';

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
const PER_PAGE = 50;
const REACTIVATE_FIRST = 'O webhook está desativado: reative-o na tela Webhooks antes de reenviar entregas de eventos.';

/** The body laid out for reading; the exact signed text stays one click away. */
function pretty(corpo: string): string {
  try {
    return JSON.stringify(JSON.parse(corpo), null, 2);
  } catch {
    return corpo;
  }
}

/** A `datetime-local` value (the reader's zone, to the minute) for an instant. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** One webhook's deliveries: filters, search by id, pages, the attempt timeline, resend one or every failure since. */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const call = useApi();
  const [status, setStatus] = useState('');
  const [evento, setEvento] = useState('');
  const [search, setSearch] = useState('');
  const [searched, setSearched] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ pagina: String(page), por_pagina: String(PER_PAGE) });
  if (status) query.set('status', status);
  if (evento) query.set('evento', evento);
  if (searched) query.set('entrega', searched);
  const { data, error, reload } = useLoad(
    () =>
      Promise.all([
        call<{ data: Webhook }>('GET', `/v1/webhooks/${webhookId}`),
        call<{ data: Entrega[]; meta: EntregasMeta }>('GET', `/v1/webhooks/${webhookId}/entregas?${query}`),
      ]),
    [call, webhookId, query.toString()],
  );
  const [openId, setOpenId] = useState<string | null>(null);
  const [rowResult, setRowResult] = useState<{ id: string } & Feedback>();
  const webhook = data?.[0].data;
  const entregas = data?.[1].data ?? [];
  // The open delivery's detail follows the list: a resend or a retry shows up in its timeline as it happens.
  const detail = useLoad(
    () =>
      openId === null
        ? Promise.resolve(null)
        : call<{ data: EntregaDetalhe }>('GET', `/v1/webhooks/${webhookId}/entregas/${encodeURIComponent(openId)}`),
    [call, webhookId, openId, data],
  );
  const open = openId !== null && detail.data?.data.id === openId ? detail.data.data : null;
  const meta = data?.[1].meta;
  const filtered = Boolean(status || evento || searched);

  // While a delivery is on its way, follow it (the daemon sends within moments; retries take longer).
  const pending = entregas.some((e) => e.status === 'pendente');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [pending, reload]);

  /** A filter changed: back to the first page. */
  const narrow = (set: (v: string) => void) => (v: string) => (set(v), setPage(1));
  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setSearched(search.trim());
    setPage(1);
  }

  function toggleDetail(e: Entrega) {
    setRowResult(undefined);
    setOpenId(openId === e.id ? null : e.id);
  }

  async function resend(e: Entrega) {
    if (webhook && !webhook.ativo && e.origem === 'automatica')
      return setRowResult({ id: e.id, ok: false, text: REACTIVATE_FIRST });
    setRowResult(undefined);
    try {
      await call('POST', `/v1/webhooks/${webhookId}/entregas/${encodeURIComponent(e.id)}/reenviar`);
      setRowResult({ id: e.id, ok: true, text: 'Reenvio na fila: mesmo X-SVC-Entrega, assinatura nova.' });
    } catch (err) {
      setRowResult({ id: e.id, ok: false, text: errorText(err) });
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
      {webhook && <Recover webhook={webhook} onDone={reload} />}
      <section className="filtros" aria-label="Filtros">
        <div className="filtro">
          <label htmlFor="filtro-status">Status</label>
          <select id="filtro-status" value={status} onChange={(e) => narrow(setStatus)(e.target.value)}>
            <option value="">Todos</option>
            {Object.entries(STATUS).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="filtro">
          <label htmlFor="filtro-evento">Evento</label>
          <select id="filtro-evento" value={evento} onChange={(e) => narrow(setEvento)(e.target.value)}>
            <option value="">Todos</option>
            {[...EVENTOS, 'webhook.teste'].map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <form className="filtro busca" onSubmit={submitSearch}>
          <label htmlFor="busca-entrega">ID da entrega (ou o começo)</label>
          <div className="linha">
            <input
              id="busca-entrega"
              value={search}
              spellCheck={false}
              autoComplete="off"
              placeholder="ex.: 0b9e6f0e"
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className="secundario">
              Buscar
            </button>
          </div>
        </form>
      </section>
      {meta && (
        <p className="nota" aria-live="polite">
          {meta.total === 0
            ? `Nenhuma entrega${filtered ? ' com esses filtros' : ''}.`
            : `${fmtNumber(meta.total)} entrega(s)${filtered ? ' com esses filtros' : ''} · página ${meta.pagina_atual} de ${meta.ultima_pagina}`}
        </p>
      )}
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
                      {e.status === 'pendente' && e.proxima_tentativa_em && (
                        <div className="motivo">próxima tentativa {fmtDateTime(e.proxima_tentativa_em)}</div>
                      )}
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
                        aria-expanded={openId === e.id}
                        onClick={() => toggleDetail(e)}
                      >
                        Detalhes
                      </button>
                      <button type="button" disabled={e.status === 'pendente'} onClick={() => resend(e)}>
                        Reenviar
                      </button>
                      <Result value={rowResult?.id === e.id ? rowResult : null} />
                    </td>
                  </tr>
                  {openId === e.id && detail.error && (
                    <tr className="detalhe">
                      <td colSpan={8} className="erro">
                        {detail.error}
                      </td>
                    </tr>
                  )}
                  {open?.id === e.id && (
                    <tr className="detalhe">
                      <td colSpan={8}>
                        <p className="nota">
                          X-SVC-Entrega <code>{e.id}</code>
                        </p>
                        <Timeline historico={open.historico} />
                        <h3>Corpo</h3>
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
      {meta && meta.ultima_pagina > 1 && (
        <nav className="paginas" aria-label="Páginas">
          <button type="button" className="secundario" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ← Anteriores
          </button>
          <span>
            Página {meta.pagina_atual} de {meta.ultima_pagina}
          </span>
          <button
            type="button"
            className="secundario"
            disabled={page >= meta.ultima_pagina}
            onClick={() => setPage(page + 1)}
          >
            Mais antigas →
          </button>
        </nav>
      )}
    </>
  );
}

/** "Reenviar falhas desde…": every event delivery that failed or was discarded since a moment goes out again. */
function Recover({ webhook, onDone }: { webhook: Webhook; onDone(): void }) {
  const call = useApi();
  const [since, setSince] = useState(() => localInput(systemClock.now() - 24 * 3_600_000));
  const [result, setResult] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const at = new Date(since);
    if (Number.isNaN(at.getTime())) return setResult({ ok: false, text: 'Informe a data e a hora.' });
    setBusy(true);
    setResult(null);
    try {
      const r = await call<{ data: { reenfileiradas: number } }>(
        'POST',
        `/v1/webhooks/${webhook.id}/entregas/reenviar?desde=${encodeURIComponent(at.toISOString())}`,
      );
      const n = r.data.reenfileiradas;
      const when = fmtDateTime(at.toISOString());
      setResult({
        ok: true,
        text:
          n === 0
            ? `Nenhuma entrega de evento falhou ou foi descartada desde ${when}.`
            : `${fmtNumber(n)} entrega(s) que falharam ou foram descartadas desde ${when} voltaram para a fila.`,
      });
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
    }
    onDone();
  }

  return (
    <section className="cartao reenviar" aria-labelledby="reenviar-titulo">
      <h2 id="reenviar-titulo">Reenviar falhas desde…</h2>
      <p className="nota">
        Depois de corrigir o receptor: as entregas de eventos que falharam ou foram descartadas a partir desse momento
        voltam para a fila, com o mesmo X-SVC-Entrega e o mesmo corpo.
      </p>
      <form className="linha" onSubmit={submit}>
        <label htmlFor="reenviar-desde" className="oculto">
          Reenviar falhas desde
        </label>
        <input
          id="reenviar-desde"
          type="datetime-local"
          required
          value={since}
          aria-describedby={webhook.ativo ? undefined : 'reenviar-inativo'}
          onChange={(e) => setSince(e.target.value)}
        />
        <button type="submit" disabled={busy || !webhook.ativo}>
          Reenviar falhas
        </button>
      </form>
      {!webhook.ativo && (
        <p id="reenviar-inativo" className="aviso">
          O webhook está desativado: reative-o na tela Webhooks para reenviar.
        </p>
      )}
      <Result value={result} />
    </section>
  );
}

/** Every attempt at a delivery, first to last: who made it, when, what went out and what the receiver answered. */
function Timeline({ historico }: { historico: Tentativa[] }) {
  if (historico.length === 0) return <p className="nota">Nenhuma tentativa ainda.</p>;
  return (
    <ol className="historico" aria-label="Tentativas">
      {historico.map((t) => {
        const ok = t.status_code !== null && t.status_code >= 200 && t.status_code < 300;
        return (
          <li key={t.numero} className={ok ? 'ok' : 'falha'}>
            <p className="cabeca">
              <strong>Tentativa {t.numero}</strong> · <span className="origem">{ORIGEM_TENTATIVA[t.origem]}</span> ·{' '}
              {fmtDateTime(t.iniciada_em)} ·{' '}
              <span className="resultado">
                {t.status_code !== null ? `HTTP ${t.status_code}` : (t.erro ?? 'sem resposta')}
              </span>{' '}
              em {fmtMs(t.duracao_ms)}
            </p>
            {t.resposta ? <pre className="resposta">{t.resposta}</pre> : <p className="nota">Sem corpo de resposta.</p>}
            {t.cabecalhos && (
              <details>
                <summary>Cabeçalhos enviados</summary>
                <dl className="cabecalhos">
                  {Object.entries(t.cabecalhos).map(([name, value]) => (
                    <Fragment key={name}>
                      <dt>{name}</dt>
                      <dd>
                        <code>{value}</code>
                      </dd>
                    </Fragment>
                  ))}
                </dl>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
