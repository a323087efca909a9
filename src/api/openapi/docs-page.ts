/**
 * Renders the OpenAPI document as one self-contained HTML page: no fonts or CDNs, one stylesheet and one small
 * script whose hashes the route puts in its Content-Security-Policy. Per endpoint: a copy-ready curl, the response the demo
 * data really gives, the request body field by field, and the errors that endpoint really returns.
 */

type Obj = Record<string, unknown>;

/** One endpoint's examples (`src/api/openapi/examples.json`, made by test/api/docs-examples.ts). */
export interface OperationExamples {
  request: { path: string; body?: unknown };
  /** JSON `body`, or the raw `text` of a non-JSON answer (the event stream). */
  response?: { status: number; body?: unknown; text?: string };
  errors: { status: number; request: string; body: unknown }[];
}

/** Keyed by `METHOD /path/{template}`. */
export type DocsExamples = Record<string, OperationExamples>;

/**
 * Where the examples point: rendered as this token, replaced per request by the address the page was reached at
 * (or `--public-url`), so a customer copies commands that work against the server they are reading.
 */
export const BASE_URL_TOKEN = 'https://svc.base.invalid';

export const DOCS_CSS = `
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:flex;color:#1d1d1f;background:#fff}
nav{width:290px;flex:none;padding:1em;background:#f5f5f7;height:100vh;overflow:auto;position:sticky;top:0;font-size:14px}
nav ul{list-style:none;padding-left:0;margin:.2em 0 .8em}nav li{margin:.15em 0}
nav a{color:#0b57d0;text-decoration:none}nav a:hover{text-decoration:underline}
nav .t{font-weight:600;margin-top:.6em;display:block}
main{padding:1em 2em;min-width:0;max-width:1050px}
h2{margin-top:2em;border-bottom:2px solid #ddd}h3{margin-bottom:.3em;word-break:break-all}
.tbl{overflow-x:auto}
table{border-collapse:collapse;margin:.5em 0;font-size:14px}td,th{border:1px solid #d2d2d7;padding:3px 8px;text-align:left;vertical-align:top}
code{background:#f0f0f2;padding:0 3px;border-radius:3px}
pre{background:#1d1d1f;color:#f5f5f7;padding:.8em;border-radius:6px;overflow:auto;max-height:26em;font-size:13px;white-space:pre}
pre code{background:none;padding:0}
.m{color:#fff;padding:1px 6px;border-radius:3px;font-size:80%;font-weight:600;background:#1a7f37}
.m.post{background:#0b57d0}.m.patch{background:#9a6700}.m.delete{background:#cf222e}
section.op{border-bottom:1px solid #e5e5ea;padding-bottom:1em}
details.menu>summary{display:none}
.bloco{position:relative}
.copiar{position:absolute;top:6px;right:6px;font:12px system-ui,sans-serif;padding:2px 8px;border:1px solid #6e6e73;border-radius:4px;background:#2c2c2e;color:#f5f5f7;cursor:pointer}
.copiar:focus-visible{outline:2px solid #0b57d0}
@media (max-width:760px){
 body{display:block}
 nav{width:auto;height:auto;max-height:45vh;position:static;border-bottom:1px solid #d2d2d7}
 details.menu>summary{display:list-item;cursor:pointer;font-weight:600}
 main{padding:.5em 1em}
 pre{font-size:12px}
}
`;

const GUIDE_LINKS = [
  ['inicio', 'Início rápido'],
  ['autenticacao', 'Autenticação'],
  ['erros', 'Erros'],
  ['limites', 'Cotas e limites'],
  ['paginacao', 'Paginação'],
  ['cache', 'Cache'],
  ['navegador', 'Navegador e tempo real'],
  ['webhooks-eventos', 'Webhooks'],
]
  .map(([id, text]) => `<li><a href="#${id}">${text}</a></li>`)
  .join('');

/**
 * The page's one script (allowed by its hash): a copy button on every code block. Without it the page works the
 * same; the blocks stay selectable.
 */
export const DOCS_SCRIPT = `for (const pre of document.querySelectorAll('main pre')) {
  const box = document.createElement('div');
  box.className = 'bloco';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copiar';
  button.textContent = 'Copiar';
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(pre.textContent);
    button.textContent = 'Copiado';
    setTimeout(() => (button.textContent = 'Copiar'), 1500);
  });
  pre.replaceWith(box);
  box.append(pre, button);
}`;

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Inline code spans from the summaries' backticks. */
function md(s: unknown): string {
  return esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function schemaLabel(s: unknown): string {
  const o = (s ?? {}) as Obj;
  if (typeof o.$ref === 'string') {
    const name = o.$ref.split('/').pop() ?? '';
    return `<a href="#schema-${esc(name)}">${esc(name)}</a>`;
  }
  if (Array.isArray(o.oneOf)) return (o.oneOf as unknown[]).map(schemaLabel).join(' | ');
  if (Array.isArray(o.enum)) return (o.enum as unknown[]).map((v) => `<code>${esc(v)}</code>`).join(' | ');
  const type = Array.isArray(o.type) ? (o.type as string[]).join(' | ') : String(o.type ?? 'any');
  if (o.type === 'array') return `lista de ${schemaLabel(o.items)}`;
  const extra = [
    o.format,
    o.pattern ? `padrão ${o.pattern}` : null,
    o.minimum !== undefined ? `≥ ${o.minimum}` : null,
    o.maximum !== undefined ? `≤ ${o.maximum}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return esc(type) + (extra ? ` <small>(${esc(extra)})</small>` : '');
}

const table = (head: string[], rows: string[][]) =>
  `<div class="tbl"><table><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table></div>`;

function fieldsTable(schema: Obj, withRequired: boolean): string {
  const props = (schema.properties ?? {}) as Record<string, Obj>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(props).map(([k, v]) => [
    `<code>${esc(k)}</code>`,
    schemaLabel(v),
    ...(withRequired ? [required.has(k) ? 'sim' : 'não'] : []),
  ]);
  return rows.length > 0
    ? table(['Campo', 'Tipo', ...(withRequired ? ['Obrigatório'] : [])], rows)
    : `<p>${schemaLabel(schema)}</p>`;
}

function curl(method: string, path: string, authed: boolean, body: unknown): string {
  const parts = ['curl'];
  if (path === '/v1/stream' || path.startsWith('/v1/stream?')) parts.push('-N');
  if (method !== 'GET') parts.push(`-X ${method}`);
  if (authed) parts.push('-H "Authorization: Bearer $SVC_KEY"');
  if (body !== undefined) parts.push(`-H "Content-Type: application/json" \\\n  -d '${JSON.stringify(body)}'`);
  parts.push(`"${BASE_URL_TOKEN}${path}"`);
  return parts.join(' ');
}

const pre = (text: string) => `<pre><code>${esc(text)}</code></pre>`;

/** The first clause of a summary: a short, distinct link label. */
function label(summary: string): string {
  return summary.split(/[:(]/)[0]!.replace(/`/g, '').trim();
}

/** The plans as the server applies them (a `--plans` file included), for the quotas section. */
export interface DocsPlan {
  nome: string;
  requisicoes: number;
  por_segundo: number;
  todos_campeonatos: boolean;
  streams_simultaneos: number;
}

const fmt = (n: number) => n.toLocaleString('pt-BR');

/** The customer's guide before the reference: what applies to every endpoint. */
function guide(plans: readonly DocsPlan[], errorDescriptions: Record<number, string>): string {
  const base = BASE_URL_TOKEN;
  const errors = Object.entries(errorDescriptions).map(([status, text]) => {
    const [erro, ...rest] = text.split(':');
    return [`<b>${esc(status)}</b>`, esc(erro), md(rest.join(':').trim())];
  });
  const planRows = plans.map((p) => [
    `<b>${esc(p.nome)}</b>`,
    fmt(p.requisicoes),
    fmt(p.por_segundo),
    p.todos_campeonatos ? 'todos' : 'os liberados para a conta',
    fmt(p.streams_simultaneos),
  ]);
  const stream = `const { data } = await (await fetch('${base}/v1/stream/ticket', {
  method: 'POST', headers: { Authorization: \`Bearer \${chave}\` },
})).json();
const es = new EventSource(data.url + '&eventos=partida.gol');
es.addEventListener('partida.gol', (e) => console.log(JSON.parse(e.data)));
// Após uma queda: peça outro ticket e acrescente &ultimo_evento=<último id recebido> (e.lastEventId).`;
  return `<h2 id="inicio">Início rápido</h2>
<p>Com a chave de API que você recebeu:</p>
${pre(`export SVC_KEY="sua chave"
curl -H "Authorization: Bearer $SVC_KEY" "${base}/v1/campeonatos"`)}
<h2 id="autenticacao">Autenticação</h2>
<p>Toda rota de dados pede o cabeçalho <code>Authorization: Bearer &lt;API_KEY&gt;</code>. Sem chave, ou com uma chave revogada ou rotacionada, a resposta é 401 <code>{"erro":"Não autorizado","mensagem":"API Key inválida ou inativa"}</code>. Guarde a chave no servidor ou no navegador do próprio usuário; nunca numa URL.</p>
<h2 id="erros">Erros</h2>
<p>Todo erro é JSON <code>{"erro", "mensagem"}</code> e traz <code>X-Request-Id</code> (informe-o ao suporte).</p>
${table(['Status', 'erro', 'quando'], errors)}
<h2 id="limites">Cotas e limites</h2>
<p>Cada resposta autenticada traz <code>RateLimit-Limit</code> (requisições do dia), <code>RateLimit-Remaining</code> (restantes após esta) e <code>RateLimit-Reset</code> (segundos até a renovação, à meia-noite UTC). Ao esgotar a cota diária ou o limite por segundo: 429 <code>Limite de requisições</code> com <code>Retry-After</code> em segundos; espere esse tempo antes de tentar de novo. <code>GET /v1/me</code> mostra o plano e o uso sem contar na cota.</p>
${table(['Plano', 'Requisições por dia', 'Por segundo', 'Campeonatos', 'Streams simultâneos'], planRows)}
<p>Um recurso fora do plano responde 403 <code>Plano insuficiente</code>.</p>
<h2 id="paginacao">Paginação</h2>
<p>Listas de partidas aceitam <code>pagina</code> (padrão 1) e <code>por_pagina</code> (1 a 100, padrão 15); a resposta traz <code>paginacao</code> com <code>total</code>, <code>por_pagina</code>, <code>pagina_atual</code> e <code>ultima_pagina</code>. Peça a próxima página até <code>pagina_atual</code> = <code>ultima_pagina</code>.</p>
${pre(`curl -H "Authorization: Bearer $SVC_KEY" "${base}/v1/campeonatos/1/partidas?pagina=2&por_pagina=50"`)}
<h2 id="cache">Cache</h2>
<p>As respostas trazem <code>ETag</code> e <code>Cache-Control</code>; reenvie o ETag em <code>If-None-Match</code> e a resposta é 304 sem corpo enquanto nada mudou (ainda conta na cota).</p>
<h2 id="navegador">Navegador e tempo real</h2>
<p>A API aceita chamadas de páginas em outras origens (CORS). Para eventos ao vivo num navegador, <code>EventSource</code> não envia cabeçalhos: peça um ticket de uso único e abra o stream na <code>url</code> absoluta que ele traz. Depois de uma queda, um ticket novo com <code>ultimo_evento</code> retoma exatamente após o último evento recebido.</p>
${pre(stream)}
<h2 id="webhooks-eventos">Webhooks</h2>
<p>Cadastre uma URL HTTPS em <code>POST /v1/webhooks</code> (guarde o <code>secret</code>, mostrado uma vez). Cada entrega é um POST JSON com <code>X-SVC-Evento</code>, <code>X-SVC-Entrega</code> (igual em toda nova tentativa: ignore repetidas), <code>X-SVC-Timestamp</code> e <code>X-SVC-Assinatura</code> = <code>sha256=</code> + HMAC-SHA256 hex de <code>timestamp + "." + corpo</code> com o secret; recuse timestamps a mais de 300 s do seu relógio. Os corpos dos oito eventos estão nos esquemas <a href="#schema-WebhookEvento">WebhookEvento</a> e seguintes; o stream envia os mesmos corpos.</p>`;
}

export function renderDocsPage(
  doc: Obj,
  examples: DocsExamples,
  errorDescriptions: Record<number, string>,
  plans: readonly DocsPlan[],
): string {
  const info = doc.info as Obj;
  const paths = doc.paths as Record<string, Record<string, Obj>>;
  const schemas = (doc.components as Obj).schemas as Record<string, Obj>;
  const tags = doc.tags as { name: string; description: string }[];
  const ops = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ path, m, op })),
  );

  const opHtml = ({ path, m, op }: { path: string; m: string; op: Obj }) => {
    const method = m.toUpperCase();
    const ex = examples[`${method} ${path}`];
    const authed = (op.security as unknown[]).length > 0;
    const params = (op.parameters as Obj[]).map((p) => [
      `<code>${esc(p.name)}</code>`,
      esc(p.in),
      p.required ? 'sim' : 'não',
      schemaLabel(p.schema),
      md(p.description),
    ]);
    const bodySchema = ((op.requestBody as Obj | undefined)?.content as Obj | undefined)?.['application/json'] as
      | Obj
      | undefined;
    const responses = op.responses as Record<string, Obj>;
    const okStatus = Object.keys(responses).find((s) => s.startsWith('2')) ?? '200';
    const okContent = Object.values((responses[okStatus]?.content ?? {}) as Record<string, Obj>)[0];
    const errors = Object.keys(responses)
      .filter((s) => Number(s) >= 400)
      .map((s) => {
        const real = ex?.errors.find((e) => String(e.status) === s);
        const body = real?.body as { erro?: string; mensagem?: string } | undefined;
        return [
          `<b>${esc(s)}</b>`,
          body?.erro ? esc(body.erro) : md(errorDescriptions[Number(s)] ?? responses[s]?.description),
          body?.mensagem ? `${esc(body.mensagem)}<br><small>ex.: <code>${esc(real?.request)}</code></small>` : '',
        ];
      });
    const response = ex?.response;
    return `<section class="op" id="${esc(op.operationId)}"><h3><span class="m ${esc(m)}">${esc(method)}</span> <code>${esc(path)}</code></h3>
<p>${md(op.summary)} ${authed ? 'Requer <code>Authorization: Bearer &lt;API_KEY&gt;</code>.' : 'Sem autenticação.'}</p>
${params.length > 0 ? `<h4>Parâmetros</h4>${table(['Nome', 'Em', 'Obrigatório', 'Tipo', 'Descrição'], params)}` : ''}
${bodySchema ? `<h4>Corpo da requisição (JSON)</h4>${fieldsTable(bodySchema.schema as Obj, true)}` : ''}
${ex ? `<h4>Exemplo</h4>${pre(curl(method, ex.request.path, authed, ex.request.body))}` : ''}
${response ? `<h4>Resposta ${esc(response.status)}${response.body !== undefined ? ' <small>(dados de demonstração; listas encurtadas a 2 itens)</small>' : ''}</h4>${response.text !== undefined ? pre(response.text) : response.body !== undefined ? pre(JSON.stringify(response.body, null, 2)) : '<p>Sem corpo.</p>'}` : ''}
${okContent?.schema ? `<details><summary>Campos da resposta</summary>${fieldsTable(okContent.schema as Obj, false)}</details>` : ''}
<h4>Erros</h4>${table(['Status', 'erro', 'mensagem'], errors)}</section>`;
  };

  const nav = tags
    .map((t) => {
      const links = ops
        .filter((o) => (o.op.tags as string[])[0] === t.name)
        .map((o) => `<li><a href="#${esc(o.op.operationId)}">${esc(label(String(o.op.summary)))}</a></li>`)
        .join('');
      return `<a class="t" href="#tag-${esc(t.name.replace(/\s+/g, '-'))}">${esc(t.name)}</a><ul>${links}</ul>`;
    })
    .join('');
  const body = tags
    .map(
      (t) =>
        `<h2 id="tag-${esc(t.name.replace(/\s+/g, '-'))}">${esc(t.name)}</h2><p>${md(t.description)}</p>${ops
          .filter((o) => (o.op.tags as string[])[0] === t.name)
          .map(opHtml)
          .join('')}`,
    )
    .join('');
  const schemaHtml = Object.entries(schemas)
    .map(
      ([name, s]) =>
        `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${s.description ? `<p>${md(s.description)}</p>` : ''}${fieldsTable(s, false)}</section>`,
    )
    .join('');

  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(info.title)} — referência</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${DOCS_CSS}</style></head>
<body><nav><b>${esc(info.title)}</b><br>versão ${esc(info.version)} · <a href="/v1/openapi.json">openapi.json</a>
<details class="menu" open><summary>Endpoints</summary><a class="t" href="#inicio">Guia</a><ul class="guia">${GUIDE_LINKS}</ul>${nav}<a class="t" href="#schemas">Esquemas</a></details></nav>
<main><h1>${esc(info.title)}</h1><p>${md(info.description)}</p>
${guide(plans, errorDescriptions)}
${body}<h2 id="schemas">Esquemas</h2>${schemaHtml}</main><script>${DOCS_SCRIPT}</script></body></html>
`;
}
