/** Renders the OpenAPI document as one self-contained HTML page (no scripts, fonts or CDNs). */

type Doc = Record<string, unknown>;
type Obj = Record<string, unknown>;

function esc(s: unknown): string {
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
  if (o.type === 'array') return `array de ${schemaLabel(o.items)}`;
  const extra = [o.format, o.pattern ? `padrão ${o.pattern}` : null, o.minimum !== undefined ? `≥ ${o.minimum}` : null, o.maximum !== undefined ? `≤ ${o.maximum}` : null]
    .filter(Boolean)
    .join(', ');
  return esc(type) + (extra ? ` <small>(${esc(extra)})</small>` : '');
}

function schemaTable(schema: Obj): string {
  const props = (schema.properties ?? {}) as Record<string, Obj>;
  const rows = Object.entries(props)
    .map(([k, v]) => `<tr><td><code>${esc(k)}</code></td><td>${schemaLabel(v)}</td></tr>`)
    .join('');
  return rows ? `<table><tr><th>Campo</th><th>Tipo</th></tr>${rows}</table>` : `<p>${schemaLabel(schema)}</p>`;
}

export function renderDocsPage(doc: Doc): string {
  const info = doc.info as Obj;
  const paths = doc.paths as Record<string, Record<string, Obj>>;
  const schemas = (doc.components as Obj).schemas as Record<string, Obj>;
  const ops = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, op })));
  const tags = [...new Set(ops.map((o) => (o.op.tags as string[])[0]))];

  const opHtml = ({ path, m, op }: { path: string; m: string; op: Obj }) => {
    const params = (op.parameters as Obj[])
      .map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'sim' : 'não'}</td><td>${schemaLabel(p.schema)}</td><td>${md(p.description)}</td></tr>`)
      .join('');
    const responses = Object.entries(op.responses as Record<string, Obj>)
      .map(([status, r]) => {
        const content = (r.content as Obj | undefined)?.['application/json'] as Obj | undefined;
        const body = content ? schemaTable(content.schema as Obj) : '';
        return `<li><b>${esc(status)}</b> — ${md(r.description)}${status === '200' ? body : ''}</li>`;
      })
      .join('');
    const auth = (op.security as unknown[]).length > 0 ? 'Requer <code>Authorization: Bearer &lt;API_KEY&gt;</code>.' : 'Sem autenticação.';
    return `<section id="${esc(op.operationId)}"><h3><span class="m">${esc(m.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${md(op.summary)} ${auth}</p>${params ? `<table><tr><th>Parâmetro</th><th>Em</th><th>Obrigatório</th><th>Tipo</th><th>Descrição</th></tr>${params}</table>` : ''}
<ul>${responses}</ul></section>`;
  };

  const nav = tags
    .map((t) => `<li>${esc(t)}<ul>${ops.filter((o) => (o.op.tags as string[])[0] === t).map((o) => `<li><a href="#${esc(o.op.operationId)}">${esc(o.path)}</a></li>`).join('')}</ul></li>`)
    .join('');
  const body = tags.map((t) => `<h2>${esc(t)}</h2>${ops.filter((o) => (o.op.tags as string[])[0] === t).map(opHtml).join('')}`).join('');
  const schemaHtml = Object.entries(schemas)
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${s.description ? `<p>${md(s.description)}</p>` : ''}${schemaTable(s)}</section>`)
    .join('');

  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${esc(info.title)} — referência</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;display:flex;color:#222}
nav{width:300px;padding:1em;background:#f4f4f4;height:100vh;overflow:auto;position:sticky;top:0;font-size:14px}
main{padding:1em 2em;max-width:1000px}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
code{background:#eee;padding:0 3px}.m{background:#2a7;color:#fff;padding:2px 6px;border-radius:3px;font-size:80%}
section{border-bottom:1px solid #ddd;padding-bottom:1em}
</style></head>
<body><nav><b>${esc(info.title)}</b><br>versão ${esc(info.version)} · <a href="/v1/openapi.json">openapi.json</a><ul>${nav}<li><a href="#schemas">Esquemas</a></li></ul></nav>
<main><h1>${esc(info.title)}</h1><p>${md(info.description)}</p>${body}<h2 id="schemas">Esquemas</h2>${schemaHtml}</main></body></html>
`;
}
