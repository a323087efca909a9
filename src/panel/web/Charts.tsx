import { fmtCompact, fmtDay, fmtNumber } from './format.js';
import type { Uso } from './types.js';

/** A round upper bound for an axis (1, 2, 5 × 10^n). */
function niceMax(n: number): number {
  if (n <= 5) return 5;
  const p = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= n) ?? 10 * p;
}

const W = 720;
const H = 220;
const LEFT = 56;
const BOTTOM = 30;
const TOP = 20;
const RIGHT = 8;

/** Requests per day as SVG bars (each with its figure as a tooltip), plus the same data as a table. */
export function DailyChart({ data }: { data: Uso['requisicoes_por_dia'] }) {
  const max = niceMax(Math.max(0, ...data.map((d) => d.requisicoes)));
  const slot = (W - LEFT - RIGHT) / data.length;
  const y = (v: number) => TOP + (H - TOP - BOTTOM) * (1 - v / max);
  const total = data.reduce((s, d) => s + d.requisicoes, 0);
  return (
    <figure className="grafico">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Requisições por dia nos últimos ${data.length} dias: ${fmtNumber(total)} no total`}
      >
        {[0, max / 2, max].map((v) => (
          <g key={v} className="eixo">
            <line x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} />
            <text x={LEFT - 6} y={y(v) + 4} textAnchor="end">
              {fmtCompact(v)}
            </text>
          </g>
        ))}
        {data.map((d, i) => (
          <g key={d.dia}>
            <rect
              className="barra"
              x={LEFT + i * slot + slot * 0.15}
              width={slot * 0.7}
              y={y(d.requisicoes)}
              height={H - BOTTOM - y(d.requisicoes)}
            >
              <title>{`${fmtDay(d.dia)}: ${fmtNumber(d.requisicoes)} requisições`}</title>
            </rect>
            {(i % 5 === 4 || i === 0) && (
              <text
                className="eixo"
                x={LEFT + (i + 0.5) * slot}
                y={H - 6}
                textAnchor={i === data.length - 1 ? 'end' : 'middle'}
              >
                {fmtDay(d.dia)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <details>
        <summary>Ver os dados em tabela</summary>
        <div className="rolagem">
          <table>
            <thead>
              <tr>
                <th scope="col">Dia</th>
                <th scope="col">Requisições</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.dia}>
                  <td>{fmtDay(d.dia)}</td>
                  <td className="num">{fmtNumber(d.requisicoes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Requests per route, most used first, as labelled horizontal bars. */
export function EndpointChart({ data }: { data: Uso['requisicoes_por_endpoint'] }) {
  if (data.length === 0) return <p>Nenhuma requisição nos últimos 30 dias.</p>;
  const max = Math.max(...data.map((d) => d.requisicoes));
  return (
    <ul className="barras">
      {data.map((d) => (
        <li key={`${d.metodo} ${d.endpoint}`}>
          <code className="rota">
            {d.metodo} {d.endpoint}
          </code>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect className="barra" width={(100 * d.requisicoes) / max} height={10} />
          </svg>
          <span className="num">{fmtNumber(d.requisicoes)}</span>
        </li>
      ))}
    </ul>
  );
}
