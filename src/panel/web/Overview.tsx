import { DailyChart, EndpointChart } from './Charts.js';
import { fmtDateTime, fmtMs, fmtNumber } from './format.js';
import { useApi, useLoad } from './session.js';
import type { Perfil, Uso } from './types.js';

const PLANOS: Record<Perfil['plano'], string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' };

/** Plan, limits, today's consumption, usage over 30 days and the latest requests. */
export function Overview() {
  const call = useApi();
  const { data, error, reload } = useLoad(
    () => Promise.all([call<{ data: Perfil }>('GET', '/v1/me'), call<{ data: Uso }>('GET', '/v1/perfil/estatisticas')]),
    [call],
  );
  const perfil = data?.[0].data;
  const uso = data?.[1].data;
  return (
    <>
      <div className="titulo">
        <h1>Visão geral</h1>
        <button type="button" className="secundario" onClick={reload}>
          Atualizar
        </button>
      </div>
      {error && (
        <p className="erro" role="alert">
          {error}
        </p>
      )}
      {perfil && uso && (
        <>
          <section className="cartoes" aria-label="Plano e consumo">
            <div className="cartao">
              <h2>Plano</h2>
              <p className="valor">{PLANOS[perfil.plano]}</p>
            </div>
            <div className="cartao">
              <h2>Limite</h2>
              <p className="valor">{fmtNumber(perfil.limites.requisicoes)}</p>
              <p>requisições por {perfil.limites.periodo}</p>
            </div>
            <div className="cartao">
              <h2>Consumo hoje</h2>
              <p className="valor">{fmtNumber(perfil.consumo.requisicoes_utilizadas)}</p>
              <meter
                min={0}
                max={perfil.limites.requisicoes}
                value={perfil.consumo.requisicoes_utilizadas}
                aria-label="Consumo de hoje em relação ao limite"
              />
              <p>{fmtNumber(perfil.consumo.requisicoes_restantes)} restantes</p>
            </div>
            <div className="cartao">
              <h2>Tempo médio de resposta</h2>
              <p className="valor">{fmtMs(uso.tempo_medio_resposta_ms)}</p>
              <p>em {fmtNumber(uso.total_requisicoes)} requisições</p>
            </div>
          </section>
          <section>
            <h2>Requisições por dia (últimos 30 dias)</h2>
            <DailyChart data={uso.requisicoes_por_dia} />
          </section>
          <section>
            <h2>Requisições por endpoint (últimos 30 dias)</h2>
            <EndpointChart data={uso.requisicoes_por_endpoint} />
          </section>
          <section>
            <h2>Requisições recentes</h2>
            <div className="rolagem">
              <table className="responsiva">
                <thead>
                  <tr>
                    <th scope="col">Quando</th>
                    <th scope="col">Método</th>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Status</th>
                    <th scope="col">Tempo</th>
                  </tr>
                </thead>
                <tbody>
                  {uso.ultimas_requisicoes.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: recent requests have no id; the list is replaced whole on each load
                    <tr key={i}>
                      <td data-label="Quando">{fmtDateTime(r.data_hora)}</td>
                      <td data-label="Método">{r.metodo}</td>
                      <td data-label="Endpoint">
                        <code>{r.endpoint}</code>
                      </td>
                      <td data-label="Status" className={r.status_code >= 400 ? 'falha' : undefined}>
                        {r.status_code}
                      </td>
                      <td data-label="Tempo" className="num">
                        {fmtMs(r.tempo_resposta_ms)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
      {!data && !error && <p role="status">Carregando…</p>}
    </>
  );
}
