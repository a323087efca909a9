/**
 * Renders the OpenAPI document as one self-contained HTML page for customers: no fonts or CDNs, one stylesheet and
 * one script (docs-page-script.ts) whose hashes the route puts in its Content-Security-Policy. A guide first
 * (docs-guide.ts), then per endpoint: the request in curl, JavaScript and Python, a try-it form, the response the
 * demo data really gives, the request body field by field, and the errors that endpoint really returns.
 */

import { ROUTES } from '../table/routes.js';
import type { Recurso } from '../../control/plans.js';
import type { EventName } from '../../domain/events.js';
import { type DocsPlan, GUIDE_SECTIONS, renderGuide, requestTabs } from './docs-guide.js';
import { esc, fold, md, table } from './docs-html.js';
import { DOCS_SCRIPT } from './docs-page-script.js';
import type { SnippetRequest } from './request-snippets.js';

export type { DocsPlan } from './docs-guide.js';

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
.bloco{position:relative}.bloco>pre{padding-top:2.4em}
.copiar{position:absolute;top:6px;right:6px;font:12px system-ui,sans-serif;padding:2px 8px;border:1px solid #6e6e73;border-radius:4px;background:#2c2c2e;color:#f5f5f7;cursor:pointer}
.copiar:focus-visible{outline:2px solid #0b57d0}
.ex{margin:.5em 0}
.abas{display:flex;flex-wrap:wrap;gap:2px}
.abas button{font:13px system-ui,sans-serif;padding:3px 10px;border:1px solid #d2d2d7;border-bottom:none;border-radius:5px 5px 0 0;background:#f5f5f7;color:#1d1d1f;cursor:pointer}
.abas button[aria-selected=true]{background:#1d1d1f;color:#f5f5f7;border-color:#1d1d1f}
.ex pre{margin-top:0;border-top-left-radius:0}
#busca{width:100%;margin:.6em 0 .2em;padding:5px 8px;font:14px system-ui,sans-serif;border:1px solid #6e6e73;border-radius:5px}
details.tente{margin:.5em 0;border:1px solid #d2d2d7;border-radius:6px;padding:.3em .8em}
details.tente>summary{cursor:pointer;font-weight:600;color:#0b57d0}
form.experimentar{display:grid;gap:.5em;margin:.5em 0}
form.experimentar label{display:grid;gap:2px;font-size:13px;font-weight:600}
form.experimentar input,form.experimentar textarea{font:13px ui-monospace,monospace;padding:5px;border:1px solid #6e6e73;border-radius:4px;width:100%}
form.experimentar button{justify-self:start;font:14px system-ui,sans-serif;padding:4px 14px;border:0;border-radius:4px;background:#0b57d0;color:#fff;cursor:pointer}
.resposta-status{margin:0;font:13px ui-monospace,monospace}
.nota{margin:0;font-size:12px;color:#6e6e73}
details.evento>summary{cursor:pointer}
@media (max-width:760px){
 body{display:block}
 nav{width:auto;height:auto;max-height:45vh;position:static;border-bottom:1px solid #d2d2d7}
 details.menu>summary{display:list-item;cursor:pointer;font-weight:600}
 main{padding:.5em 1em}
 pre{font-size:12px}
}
`;

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

/** The first clause of a summary: a short, distinct link label. */
function label(summary: string): string {
  return summary.split(/[:(]/)[0]!.replace(/`/g, '').trim();
}

/** A try-it form: sent by the page's script to the page's own origin only; hidden until the script runs. */
function tryIt(r: SnippetRequest, open: boolean): string {
  const body = r.body === undefined ? '' : JSON.stringify(r.body, null, 2);
  return `<details class="tente" hidden${open ? ' open' : ''}><summary>Experimentar</summary><form class="experimentar" data-metodo="${esc(r.method)}">
${r.authed ? '<label>Chave de API <input name="chave" type="password" autocomplete="off" spellcheck="false" placeholder="svc_live_…"></label>' : ''}
<label>Caminho <input name="caminho" value="${esc(r.path)}" autocomplete="off" spellcheck="false"></label>
${r.body !== undefined ? `<label>Corpo (JSON) <textarea name="corpo" rows="${body.split('\n').length}" spellcheck="false">${esc(body)}</textarea></label>` : ''}
<button type="submit">Enviar ${esc(r.method)}</button>
<p class="resposta-status" aria-live="polite"></p><pre class="saida" hidden><code></code></pre>
<p class="nota">A chave fica só nesta aba (sessionStorage) e só vai para este servidor.</p></form></details>`;
}

export function renderDocsPage(doc: Obj, examples: DocsExamples, plans: readonly DocsPlan[], base: string): string {
  const info = doc.info as Obj;
  const paths = doc.paths as Record<string, Record<string, Obj>>;
  const schemas = (doc.components as Obj).schemas as Record<string, Obj>;
  const webhooks = doc.webhooks as Record<string, { post: Obj }>;
  const tags = doc.tags as { name: string; description: string }[];
  const ops = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ path, m, op })),
  );
  const recursoOf = (path: string, m: string) => ROUTES.find((e) => e.path === path && e.method === m)?.recurso;
  const plansWith = (recurso: Recurso) => plans.filter((p) => p.recursos.includes(recurso)).map((p) => p.nome);

  const opHtml = ({ path, m, op }: { path: string; m: string; op: Obj }) => {
    const method = m.toUpperCase();
    const ex = examples[`${method} ${path}`];
    const recurso = recursoOf(path, m);
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
          body?.erro ? esc(body.erro) : md(responses[s]?.description),
          body?.mensagem ? `${esc(body.mensagem)}<br><small>ex.: <code>${esc(real?.request)}</code></small>` : '',
        ];
      });
    const response = ex?.response;
    const request: SnippetRequest | undefined = ex && {
      method,
      path: ex.request.path,
      authed: recurso !== undefined,
      body: ex.request.body,
      answer: response?.text !== undefined ? 'stream' : response?.body === undefined ? 'empty' : 'json',
    };
    const access =
      recurso === undefined
        ? 'Sem autenticação.'
        : `Requer <code>Authorization: Bearer &lt;API_KEY&gt;</code>; planos: ${plansWith(recurso).join(', ') || 'nenhum'}.`;
    return `<section class="op" id="${esc(op.operationId)}"><h3><span class="m ${esc(m)}">${esc(method)}</span> <code>${esc(path)}</code></h3>
<p>${md(op.summary)}${/[.!?]$/.test(String(op.summary)) ? '' : '.'} ${access}</p>
${params.length > 0 ? `<h4>Parâmetros</h4>${table(['Nome', 'Em', 'Obrigatório', 'Tipo', 'Descrição'], params)}` : ''}
${bodySchema ? `<h4>Corpo da requisição (JSON)</h4>${fieldsTable(bodySchema.schema as Obj, true)}` : ''}
${request ? `<h4>Exemplo</h4>${requestTabs(request, base)}${request.answer === 'stream' ? '' : tryIt(request, false)}` : ''}
${response ? `<h4>Resposta ${esc(response.status)}${response.body !== undefined ? ' <small>(dados de demonstração; listas encurtadas a 2 itens)</small>' : ''}</h4>${response.text !== undefined ? `<pre><code>${esc(response.text)}</code></pre>` : response.body !== undefined ? `<pre><code>${esc(JSON.stringify(response.body, null, 2))}</code></pre>` : '<p>Sem corpo.</p>'}` : ''}
${okContent?.schema ? `<details><summary>Campos da resposta</summary>${fieldsTable(okContent.schema as Obj, false)}</details>` : ''}
<h4>Erros</h4>${table(['Status', 'erro', 'mensagem'], errors)}</section>`;
  };

  const searchable = (...words: unknown[]) => esc(fold(words.join(' ')));
  const guideNav = GUIDE_SECTIONS.map(
    ([id, title, words]) => `<li data-busca="${searchable(title, words)}"><a href="#${id}">${esc(title)}</a></li>`,
  ).join('');
  const nav = tags
    .map((t) => {
      const links = ops
        .filter((o) => (o.op.tags as string[])[0] === t.name)
        .map(
          (o) =>
            `<li data-busca="${searchable(o.m, o.path, o.op.summary, t.name)}"><a href="#${esc(o.op.operationId)}">${esc(label(String(o.op.summary)))}</a></li>`,
        )
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
  const guide = renderGuide({
    base,
    plans,
    endpointsOf: (recurso) =>
      ROUTES.filter((e) => e.recurso === recurso).map((e) => `${e.method.toUpperCase()} ${e.path}`),
    event: (evento: EventName) => {
      const post = webhooks[evento]!.post;
      const content = (post.requestBody as Obj).content as Record<string, Obj>;
      return { summary: String(post.summary), example: content['application/json']!.example };
    },
    tryIt,
  });

  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(info.title)} — documentação</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${DOCS_CSS}</style></head>
<body><nav><b>${esc(info.title)}</b><br>versão ${esc(info.version)} · <a href="/v1/openapi.json">openapi.json</a>
<input id="busca" type="search" placeholder="Buscar seção ou endpoint" aria-label="Buscar seção ou endpoint" autocomplete="off" hidden>
<p id="busca-vazia" hidden>Nada encontrado.</p>
<details class="menu" open><summary>Seções e endpoints</summary><a class="t" href="#inicio">Guia</a><ul class="guia">${guideNav}</ul>${nav}<a class="t" href="#schemas">Esquemas</a></details></nav>
<main><h1>${esc(info.title)}</h1><p>${md(info.description)}</p>
${guide}
${body}<h2 id="schemas">Esquemas</h2>${schemaHtml}</main><script>${DOCS_SCRIPT}</script></body></html>
`;
}
