/**
 * One request written three ways for the docs page: curl, JavaScript `fetch` (Node 18+ or a browser) and Python's
 * standard library (`urllib.request`, nothing to install). The key is read from `SVC_KEY` in the environment, never
 * written into the example; the address is the page's base token, replaced per request (docs-page.ts).
 */

export interface SnippetRequest {
  method: string;
  /** Path and query, e.g. `/v1/campeonatos/1/partidas?rodada=34`. */
  path: string;
  authed: boolean;
  body?: unknown;
  /** What the answer is: JSON to print, no body (204), or an event stream to read line by line. */
  answer: 'json' | 'empty' | 'stream';
}

export const LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'js', label: 'JavaScript (fetch)' },
  { id: 'python', label: 'Python (urllib)' },
] as const;
export type Language = (typeof LANGUAGES)[number]['id'];

/** The key header as the JavaScript and Python examples write it. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source shown to the reader, not a template of ours
export const JS_AUTH = 'Authorization: `Bearer ${process.env.SVC_KEY}`';
export const PY_AUTH = `"Authorization": f"Bearer {os.environ['SVC_KEY']}"`;

export function curl(r: SnippetRequest, base: string): string {
  const parts = ['curl'];
  if (r.answer === 'stream') parts.push('-N');
  if (r.method !== 'GET') parts.push(`-X ${r.method}`);
  if (r.authed) parts.push('-H "Authorization: Bearer $SVC_KEY"');
  if (r.body !== undefined) parts.push(`-H "Content-Type: application/json" \\\n  -d '${JSON.stringify(r.body)}'`);
  parts.push(`"${base}${r.path}"`);
  return parts.join(' ');
}

export function fetchJs(r: SnippetRequest, base: string): string {
  const headers = [
    ...(r.authed ? [JS_AUTH] : []),
    ...(r.body !== undefined ? ["'Content-Type': 'application/json'"] : []),
  ];
  const init = [
    ...(r.method !== 'GET' ? [`method: '${r.method}'`] : []),
    ...(headers.length > 0 ? [`headers: { ${headers.join(', ')} }`] : []),
    ...(r.body !== undefined ? [`body: JSON.stringify(${JSON.stringify(r.body)})`] : []),
  ];
  const call =
    init.length > 0
      ? `await fetch('${base}${r.path}', {\n  ${init.join(',\n  ')},\n});`
      : `await fetch('${base}${r.path}');`;
  const use = {
    json: 'console.log(resposta.status, JSON.stringify(await resposta.json(), null, 2));',
    empty: 'console.log(resposta.status);',
    stream: 'for await (const trecho of resposta.body.pipeThrough(new TextDecoderStream())) console.log(trecho);',
  }[r.answer];
  return `const resposta = ${call}\n${use}`;
}

/** A JSON value as a Python literal (None, True, False; JSON strings are valid Python strings). */
function pyLiteral(v: unknown): string {
  if (v === null) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (Array.isArray(v)) return `[${v.map(pyLiteral).join(', ')}]`;
  if (typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pyLiteral(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
}

export function pythonUrllib(r: SnippetRequest, base: string): string {
  const headers = [
    ...(r.authed ? [PY_AUTH] : []),
    ...(r.body !== undefined ? ['"Content-Type": "application/json"'] : []),
  ];
  const args = [
    `"${base}${r.path}"`,
    ...(r.method !== 'GET' ? [`method="${r.method}"`] : []),
    ...(r.body !== undefined ? [`data=json.dumps(${pyLiteral(r.body)}).encode()`] : []),
    ...(headers.length > 0 ? [`headers={${headers.join(', ')}}`] : []),
  ];
  const use = {
    json: 'print(resposta.status, json.dumps(json.load(resposta), indent=2, ensure_ascii=False))',
    empty: 'print(resposta.status)',
    stream: 'for linha in resposta:\n        print(linha.decode().rstrip())',
  }[r.answer];
  const imports = [
    ...(r.answer === 'json' || r.body !== undefined ? ['json'] : []),
    ...(r.authed ? ['os'] : []),
    'urllib.request',
  ];
  return `import ${imports.join(', ')}

pedido = urllib.request.Request(
    ${args.join(',\n    ')},
)
with urllib.request.urlopen(pedido) as resposta:
    ${use}`;
}

export const SNIPPETS: Record<Language, (r: SnippetRequest, base: string) => string> = {
  curl,
  js: fetchJs,
  python: pythonUrllib,
};
