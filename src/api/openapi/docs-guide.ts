/**
 * The customer's guide at the top of /docs: what applies to every endpoint, for someone who was given a key and
 * nothing else. Error texts come from `ERROS`, event bodies from the OpenAPI document's `webhooks` examples, plans
 * from the plans the server applies; every address is the page's base token (docs-page.ts).
 */

import type { Recurso } from '../../control/plans.js';
import { EVENTOS, type EventName } from '../../domain/events.js';
import { ERROS } from '../errors.js';
import { codeTabs, esc, md, pre, table } from './docs-html.js';
import { JS_AUTH, LANGUAGES, PY_AUTH, SNIPPETS, type SnippetRequest } from './request-snippets.js';

/** A plan as the server applies it (a `--plans` file included) with its webhook quotas. */
export interface DocsPlan {
  nome: string;
  requisicoes: number;
  por_segundo: number;
  todos_campeonatos: boolean;
  streams_simultaneos: number;
  recursos: readonly Recurso[];
  webhooks_ativos: number | null;
  entregas_mes: number | null;
}

/** Sections of the guide, in order: id, title, and words the search box also finds them by. */
export const GUIDE_SECTIONS = [
  ['inicio', 'Início rápido', 'comecar chave primeira chamada quickstart'],
  ['autenticacao', 'Autenticação', 'authorization bearer chave api key 401'],
  ['erros', 'Erros', `erro mensagem status x-request-id ${Object.keys(ERROS).join(' ')}`],
  ['limites', 'Cotas e limites', 'ratelimit-limit ratelimit-remaining ratelimit-reset retry-after 429 cota'],
  ['planos', 'Planos', 'free pro enterprise plano insuficiente 403'],
  ['paginacao', 'Paginação', 'pagina por_pagina meta ultima_pagina'],
  ['cache', 'Cache e ETag', 'etag if-none-match 304 cache-control max-age snapshot x-snapshot reproduzivel retencao'],
  ['navegador', 'Navegador e tempo real', 'cors eventsource stream ticket sse reconectar retomar ultimo_evento'],
  ['webhooks-eventos', 'Webhooks', `assinatura hmac secret x-svc-assinatura verificar ${EVENTOS.join(' ')}`],
] as const;

/**
 * The browser follower docs/api.md and this page give customers (test/api/stream-browser.test.ts runs it in
 * Chromium across a server restart): ticket, EventSource on the ticket's absolute url, a new ticket with
 * `ultimo_evento` after any drop, back-off. `API` is the API's address, `key` the customer's key.
 */
export const SEGUIR_EVENTOS = `function seguirEventos(eventos, aoReceber) {
  let ultimo = null;
  let espera = 1000;
  const reconectar = () => setTimeout(conectar, (espera = Math.min(espera * 2, 30000)));
  async function conectar() {
    try {
      const r = await fetch(\`\${API}/v1/stream/ticket\`, { method: 'POST', headers: { Authorization: \`Bearer \${key}\` } });
      if (!r.ok) throw new Error(\`ticket: \${r.status}\`);
      const { data } = await r.json();
      const retomada = ultimo === null ? '' : \`&ultimo_evento=\${ultimo}\`;
      const es = new EventSource(\`\${data.url}&eventos=\${eventos.join(',')}\${retomada}\`);
      es.onopen = () => (espera = 1000);
      for (const nome of [...eventos, 'recarregar'])
        es.addEventListener(nome, (e) => {
          ultimo = e.lastEventId;
          aoReceber(nome, JSON.parse(e.data), e.lastEventId);
        });
      // O navegador tentaria de novo com o ticket gasto (401); um ticket novo retoma sem perder eventos.
      es.onerror = () => (es.close(), reconectar());
    } catch {
      reconectar();
    }
  }
  conectar();
}`;

/**
 * Checking a delivery in Node, on the raw body as received (test/api/docs-page.test.ts runs both verifiers on a
 * delivery signed by svc's own signer).
 */
export const VERIFY_NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** corpo: o corpo cru (Buffer ou string), exatamente como recebido, antes de qualquer JSON.parse. */
export function entregaValida(secret, cabecalhos, corpo, agoraMs = Date.now()) {
  const timestamp = String(cabecalhos['x-svc-timestamp'] ?? '');
  const assinatura = String(cabecalhos['x-svc-assinatura'] ?? '');
  if (!/^\\d+$/.test(timestamp) || Math.abs(agoraMs / 1000 - Number(timestamp)) > 300) return false;
  const esperada = \`sha256=\${createHmac('sha256', secret).update(\`\${timestamp}.\`).update(corpo).digest('hex')}\`;
  return assinatura.length === esperada.length && timingSafeEqual(Buffer.from(assinatura), Buffer.from(esperada));
}`;

export const VERIFY_PYTHON = `import hashlib, hmac, time

def entrega_valida(secret, cabecalhos, corpo, agora=None):
    """corpo: os bytes crus, exatamente como recebidos, antes de qualquer json.loads."""
    timestamp = cabecalhos.get("X-SVC-Timestamp", "")
    assinatura = cabecalhos.get("X-SVC-Assinatura", "")
    if not timestamp.isdigit() or abs((agora or time.time()) - int(timestamp)) > 300:
        return False
    mensagem = timestamp.encode() + b"." + corpo
    esperada = "sha256=" + hmac.new(secret.encode(), mensagem, hashlib.sha256).hexdigest()
    return hmac.compare_digest(assinatura, esperada)`;

const fmt = (n: number | null) => (n === null ? 'sem limite' : n.toLocaleString('pt-BR'));
const link = (id: string, text: string) => `<a href="#${id}">${text}</a>`;

/** One request in the three languages. */
export function requestTabs(r: SnippetRequest, base: string): string {
  return codeTabs(LANGUAGES.map((l) => ({ lang: l.id, label: l.label, code: SNIPPETS[l.id](r, base) })));
}

export function renderGuide(o: {
  base: string;
  plans: readonly DocsPlan[];
  /** Each plan resource's endpoints (`GET /v1/...`), for the plans table. */
  endpointsOf: (recurso: Recurso) => string[];
  /** Each event as the OpenAPI document's `webhooks` describe it: its summary and its example body. */
  event: (evento: EventName) => { summary: string; example: unknown };
  /** The try-it form of a request (docs-page.ts). */
  tryIt: (r: SnippetRequest, open: boolean) => string;
}): string {
  const { base } = o;
  const auth = JS_AUTH;
  const pyAuth = `headers={${PY_AUTH}}`;
  const campeonatos: SnippetRequest = { method: 'GET', path: '/v1/campeonatos', authed: true, answer: 'json' };
  const me: SnippetRequest = { method: 'GET', path: '/v1/me', authed: true, answer: 'json' };

  const errorRows = Object.entries(ERROS).map(([erro, e]) => [`<b>${e.status}</b>`, esc(erro), md(e.quando)]);
  const allRecursos = [...new Set(o.plans.flatMap((p) => p.recursos))];
  const planRows = o.plans.map((p) => {
    const missing = allRecursos.filter((r) => !p.recursos.includes(r)).flatMap(o.endpointsOf);
    return [
      `<b>${esc(p.nome)}</b>`,
      fmt(p.requisicoes),
      fmt(p.por_segundo),
      p.todos_campeonatos ? 'todos' : 'os liberados para a conta',
      fmt(p.streams_simultaneos),
      fmt(p.webhooks_ativos),
      fmt(p.entregas_mes),
      missing.length === 0 ? 'todos' : `todos, menos ${missing.map((e) => `<code>${esc(e)}</code>`).join(', ')}`,
    ];
  });
  const events = EVENTOS.map(
    (evento) =>
      `<details class="evento" id="evento-${esc(evento.replace('.', '-'))}"><summary><code>${esc(evento)}</code></summary>${pre(JSON.stringify(o.event(evento).example, null, 2))}</details>`,
  ).join('');

  return `<h2 id="inicio">Início rápido</h2>
<p>Você recebeu uma chave de API (<code>svc_live_…</code>). Guarde-a numa variável de ambiente, nunca no código:</p>
${pre('export SVC_KEY="sua chave"')}
<p>A primeira chamada lista os campeonatos que o seu plano alcança. Os exemplos desta página usam este servidor (<code>${esc(base)}</code>) e estão em curl, JavaScript (<code>fetch</code>, Node 18+ ou navegador) e Python (só a biblioteca padrão, <code>urllib.request</code>: nada a instalar); escolha a aba.</p>
${requestTabs(campeonatos, base)}
<p>Para ver o seu plano e quanto da cota já usou (esta chamada não conta na cota):</p>
${requestTabs(me, base)}
<p>Ou experimente aqui, sem sair da página: cole a chave (ela fica só nesta aba e só vai para este servidor) e envie.</p>
${o.tryIt(campeonatos, true)}
<p>Depois: a classificação (${link('getCampeonatosCampeonatoIdTabela', 'tabela')}), as ${link('getPartidasAoVivo', 'partidas ao vivo')}, os eventos em tempo real no ${link('navegador', 'navegador')} ou por ${link('webhooks-eventos', 'webhooks')}. A referência de cada endpoint vem depois deste guia; a busca no menu acha seções e endpoints.</p>

<h2 id="autenticacao">Autenticação</h2>
<p>Toda rota de dados pede o cabeçalho <code>Authorization: Bearer &lt;API_KEY&gt;</code> (as de status não). Sem chave, com uma chave errada, revogada ou rotacionada, a resposta é 401 <code>{"erro":"Não autorizado","mensagem":"API Key inválida ou inativa"}</code>. A chave vai sempre no cabeçalho, nunca na URL; o navegador, que não manda cabeçalhos num <code>EventSource</code>, usa um ticket de uso único (${link('navegador', 'Navegador e tempo real')}). Numa página pública a chave fica visível a quem a abre: use para ela uma chave própria, que você pode revogar sem afetar as outras.</p>
${codeTabs([
  { lang: 'curl', label: 'curl', code: `curl -i "${base}/v1/me"` },
  {
    lang: 'js',
    label: 'JavaScript (fetch)',
    code: `const resposta = await fetch('${base}/v1/me');\nconsole.log(resposta.status, await resposta.json()); // 401 sem a chave`,
  },
  {
    lang: 'python',
    label: 'Python (urllib)',
    code: `import json, urllib.error, urllib.request

try:
    urllib.request.urlopen("${base}/v1/me")
except urllib.error.HTTPError as falha:
    print(falha.code, json.load(falha))  # 401 sem a chave`,
  },
])}

<h2 id="erros">Erros</h2>
<p>Todo erro é JSON <code>{"erro", "mensagem"}</code>: <code>erro</code> é um dos textos fixos abaixo (use-o no seu código), <code>mensagem</code> explica o caso. Toda resposta traz <code>X-Request-Id</code>: informe-o ao suporte. Estes são todos os valores de <code>erro</code> que a API responde:</p>
${table(['Status', 'erro', 'Quando'], errorRows)}
${codeTabs([
  { lang: 'curl', label: 'curl', code: `curl -i -H "Authorization: Bearer $SVC_KEY" "${base}/v1/campeonatos/999999"` },
  {
    lang: 'js',
    label: 'JavaScript (fetch)',
    code: `const resposta = await fetch('${base}/v1/campeonatos/999999', { headers: { ${auth} } });
if (!resposta.ok) {
  const { erro, mensagem } = await resposta.json();
  console.error(resposta.status, erro, mensagem, resposta.headers.get('X-Request-Id'));
}`,
  },
  {
    lang: 'python',
    label: 'Python (urllib)',
    code: `import json, os, urllib.error, urllib.request

pedido = urllib.request.Request("${base}/v1/campeonatos/999999", ${pyAuth})
try:
    with urllib.request.urlopen(pedido) as resposta:
        print(json.load(resposta))
except urllib.error.HTTPError as falha:  # urllib levanta HTTPError em 4xx e 5xx
    corpo = json.load(falha)
    print(falha.code, corpo["erro"], corpo["mensagem"], falha.headers["X-Request-Id"])`,
  },
])}

<h2 id="limites">Cotas e limites</h2>
<p>Cada chave tem uma cota diária de requisições (renovada à meia-noite UTC) e um limite por segundo (rajadas até o mesmo número); os valores de cada plano estão em ${link('planos', 'Planos')}. Toda resposta autenticada traz:</p>
${table(
  ['Cabeçalho', 'Significado'],
  [
    ['<code>RateLimit-Limit</code>', 'requisições permitidas no dia (UTC)'],
    ['<code>RateLimit-Remaining</code>', 'quantas restam depois desta'],
    ['<code>RateLimit-Reset</code>', 'segundos até a renovação da cota (meia-noite UTC)'],
    ['<code>Retry-After</code>', 'só nas respostas 429 e 503: segundos a esperar antes de tentar de novo'],
  ],
)}
<p>Ao esgotar a cota, ou passar do limite por segundo, a resposta é 429 <code>Limite de requisições</code>; espere <code>Retry-After</code> segundos. Conta toda requisição aceita, qualquer que seja o status (um 404 ou um 304 também); uma recusada com 429 não conta. <code>GET /v1/me</code> e <code>GET /v1/perfil/estatisticas</code> nunca contam e respondem mesmo com a cota esgotada. Abrir um stream conta como uma requisição.</p>
${codeTabs([
  {
    lang: 'curl',
    label: 'curl',
    code: `curl -s -D - -o /dev/null -H "Authorization: Bearer $SVC_KEY" "${base}/v1/campeonatos" | grep -i '^ratelimit'`,
  },
  {
    lang: 'js',
    label: 'JavaScript (fetch)',
    code: `async function chamar(url) {
  for (;;) {
    const resposta = await fetch(url, { headers: { ${auth} } });
    if (resposta.status !== 429) return resposta;
    const espera = Number(resposta.headers.get('Retry-After') ?? 1);
    await new Promise((pronto) => setTimeout(pronto, espera * 1000));
  }
}
const resposta = await chamar('${base}/v1/campeonatos');
console.log(resposta.headers.get('RateLimit-Remaining'));`,
  },
  {
    lang: 'python',
    label: 'Python (urllib)',
    code: `import os, time, urllib.error, urllib.request

def chamar(url):
    while True:
        try:
            return urllib.request.urlopen(urllib.request.Request(url, ${pyAuth}))
        except urllib.error.HTTPError as falha:
            if falha.code != 429:
                raise
            time.sleep(int(falha.headers.get("Retry-After", "1")))

with chamar("${base}/v1/campeonatos") as resposta:
    print(resposta.headers["RateLimit-Remaining"])`,
  },
])}

<h2 id="planos">Planos</h2>
<p>O plano é da conta da chave (<code>GET /v1/me</code> o mostra). Um endpoint ou campeonato fora do plano responde 403 <code>Plano insuficiente</code>, com uma <code>mensagem</code> que nomeia o plano e sugere o upgrade. Os limites deste servidor:</p>
${table(['Plano', 'Requisições por dia', 'Por segundo', 'Campeonatos', 'Streams simultâneos', 'Webhooks ativos', 'Entregas por mês', 'Endpoints'], planRows)}
<p>As entregas por mês contam só as respondidas com 2xx, somadas entre os webhooks da conta, e renovam no dia 1 (UTC); esgotadas, as seguintes ficam <code>descartada</code>.</p>

<h2 id="paginacao">Paginação</h2>
<p>As partidas de um campeonato vêm em páginas: <code>pagina</code> (a partir de 1, padrão 1) e <code>por_pagina</code> (1 a 100, padrão 15). A resposta traz <code>meta</code> com <code>total</code>, <code>por_pagina</code>, <code>pagina_atual</code> e <code>ultima_pagina</code>: peça a próxima até <code>pagina_atual</code> = <code>ultima_pagina</code>. As buscas (<code>/v1/times?q=</code>, <code>/v1/jogadores?q=</code>) trazem no máximo 20 resultados, sem páginas.</p>
${codeTabs([
  {
    lang: 'curl',
    label: 'curl',
    code: `curl -H "Authorization: Bearer $SVC_KEY" "${base}/v1/campeonatos/1/partidas?pagina=2&por_pagina=50"`,
  },
  {
    lang: 'js',
    label: 'JavaScript (fetch)',
    code: `const partidas = [];
for (let pagina = 1; ; pagina++) {
  const url = \`${base}/v1/campeonatos/1/partidas?pagina=\${pagina}&por_pagina=100\`;
  const { data, meta } = await (await fetch(url, { headers: { ${auth} } })).json();
  partidas.push(...data);
  if (meta.pagina_atual >= meta.ultima_pagina) break;
}
console.log(partidas.length);`,
  },
  {
    lang: 'python',
    label: 'Python (urllib)',
    code: `import json, os, urllib.request

partidas, pagina = [], 1
while True:
    url = f"${base}/v1/campeonatos/1/partidas?pagina={pagina}&por_pagina=100"
    with urllib.request.urlopen(urllib.request.Request(url, ${pyAuth})) as resposta:
        corpo = json.load(resposta)
    partidas += corpo["data"]
    if corpo["meta"]["pagina_atual"] >= corpo["meta"]["ultima_pagina"]:
        break
    pagina += 1
print(len(partidas))`,
  },
])}

<h2 id="cache">Cache e ETag</h2>
<p>As respostas de dados trazem um <code>ETag</code> forte e <code>Cache-Control: private, max-age=N</code>: 15 s para partidas ao vivo e seus eventos, 60 s para o que ainda muda, 3600 s para o que terminou. Guarde o corpo com o ETag e reenvie-o em <code>If-None-Match</code>: enquanto nada mudou a resposta é 304, sem corpo (ela conta na cota, mas não trafega nada). <code>X-Snapshot</code> diz de qual publicação dos dados veio a resposta. <code>/v1/partidas/ao-vivo</code> anda à frente: durante a publicação de um lance, ela já lista as partidas como o novo snapshot as terá, e <code>X-Snapshot</code> nomeia esse snapshot (as outras rotas mostram o lance quando a publicação termina, em geral em menos de um segundo).</p>
<p><strong>Leituras reproduzíveis.</strong> Toda rota de dados aceita <code>?snapshot=ID</code> e responde como a API respondia enquanto aquele snapshot era o atual, byte a byte e com o mesmo ETag: guarde o <code>X-Snapshot</code> de um relatório para refazê-lo depois do próximo gol. O servidor retém os snapshots mais recentes (10, salvo configuração do operador); <code>GET /v1/status</code> lista-os em <code>snapshots_retidos</code>, e um id que já saiu da retenção responde 404 (<code>Snapshot 00000041 não está retido</code>).</p>
${codeTabs([
  {
    lang: 'curl',
    label: 'curl',
    code: `ETAG=$(curl -s -D - -o /dev/null -H "Authorization: Bearer $SVC_KEY" "${base}/v1/campeonatos/1/tabela" | awk 'tolower($1)=="etag:"{print $2}' | tr -d '\\r')
curl -i -H "Authorization: Bearer $SVC_KEY" -H "If-None-Match: $ETAG" "${base}/v1/campeonatos/1/tabela"   # 304`,
  },
  {
    lang: 'js',
    label: 'JavaScript (fetch)',
    code: `const url = '${base}/v1/campeonatos/1/tabela';
const primeira = await fetch(url, { headers: { ${auth} } });
const tabela = await primeira.json();
const etag = primeira.headers.get('ETag');
// Mais tarde: 304 enquanto a tabela não mudou (no navegador, o cache HTTP já faz isso sozinho).
const depois = await fetch(url, { headers: { ${auth}, 'If-None-Match': etag } });
console.log(depois.status === 304 ? tabela : await depois.json());`,
  },
  {
    lang: 'python',
    label: 'Python (urllib)',
    code: `import json, os, urllib.error, urllib.request

url = "${base}/v1/campeonatos/1/tabela"
with urllib.request.urlopen(urllib.request.Request(url, ${pyAuth})) as resposta:
    tabela, etag = json.load(resposta), resposta.headers["ETag"]
pedido = urllib.request.Request(url, headers={${PY_AUTH}, "If-None-Match": etag})
try:
    with urllib.request.urlopen(pedido) as resposta:
        tabela = json.load(resposta)
except urllib.error.HTTPError as falha:  # 304: nada mudou
    if falha.code != 304:
        raise
print(tabela["data"][0])`,
  },
])}

<h2 id="navegador">Navegador e tempo real</h2>
<p>Uma página em qualquer origem pode chamar a API com <code>fetch</code> (CORS): a chave vai no cabeçalho <code>Authorization</code>, nunca num cookie. Os oito eventos dos webhooks também chegam em tempo real por Server-Sent Events (<code>GET /v1/stream</code>; filtros <code>eventos</code>, <code>campeonato</code>, <code>partida</code>). Como <code>EventSource</code> não envia cabeçalhos, o navegador segue três passos:</p>
<ol><li><code>POST /v1/stream/ticket</code> com a chave: a resposta traz um ticket de uso único (válido 30 s) e a <code>url</code> absoluta do stream com ele.</li>
<li><code>new EventSource(url)</code>: cada evento chega com <code>event:</code> o nome, <code>id:</code> a sua posição e <code>data:</code> exatamente o corpo do webhook.</li>
<li>Após qualquer queda (reinício do servidor, deploy, rede), peça outro ticket e acrescente <code>&amp;ultimo_evento=</code> com o último <code>id</code> recebido: o stream continua logo depois dele, sem perder nem repetir eventos. Se a retomada já não alcança o que se perdeu, o primeiro evento é <code>recarregar</code>: recarregue o estado pela API.</li></ol>
<p>É o que faz esta função (<code>API</code> é o endereço da API, <code>key</code> a sua chave):</p>
${pre(`const API = '${base}';
const key = 'sua chave';

${SEGUIR_EVENTOS}

seguirEventos(['partida.gol', 'partida.encerrada'], (evento, corpo, id) => console.log(evento, id, corpo));`)}
<p>Em TypeScript ou JavaScript, o pacote <code>@svc/client</code> (peça o <code>.tgz</code> a quem lhe deu a chave; <code>npm install ./svc-client-1.0.0.tgz</code>) faz o mesmo com <code>followBrowserStream</code>, e tipa cada rota e cada evento.</p>
<p>Fora do navegador o stream aceita a chave no cabeçalho, e a retomada vai em <code>Last-Event-ID</code>:</p>
${codeTabs([
  {
    lang: 'curl',
    label: 'curl',
    code: `curl -N -H "Authorization: Bearer $SVC_KEY" -H "Last-Event-ID: 41" "${base}/v1/stream?eventos=partida.gol,partida.encerrada"`,
  },
  {
    lang: 'js',
    label: 'JavaScript (fetch)',
    code: `const resposta = await fetch('${base}/v1/stream?eventos=partida.gol', { headers: { ${auth} } });
for await (const trecho of resposta.body.pipeThrough(new TextDecoderStream())) console.log(trecho);`,
  },
  {
    lang: 'python',
    label: 'Python (urllib)',
    code: `import os, urllib.request

pedido = urllib.request.Request("${base}/v1/stream?eventos=partida.gol", ${pyAuth})
with urllib.request.urlopen(pedido) as resposta:
    for linha in resposta:
        print(linha.decode().rstrip())`,
  },
])}
<p>Uma linha de comentário (<code>:</code>) chega ao menos a cada 15 s. Streams simultâneos por conta: ver ${link('planos', 'Planos')}; um a mais é 429.</p>

<h2 id="webhooks-eventos">Webhooks</h2>
<p>Cadastre uma URL HTTPS pública em ${link('postWebhooks', '<code>POST /v1/webhooks</code>')} com os eventos que quer receber; guarde o <code>secret</code> da resposta, mostrado uma única vez. Cada evento chega como um POST JSON <code>{evento, gerado_em, dados}</code> com estes cabeçalhos:</p>
${table(
  ['Cabeçalho', 'Conteúdo'],
  [
    ['<code>X-SVC-Evento</code>', 'o nome do evento'],
    ['<code>X-SVC-Entrega</code>', 'id único da entrega, igual em toda nova tentativa: ignore os repetidos'],
    ['<code>X-SVC-Timestamp</code>', 'segundos Unix usados na assinatura'],
    [
      '<code>X-SVC-Assinatura</code>',
      '<code>sha256=</code> + HMAC-SHA256 (hex) de <code>timestamp + "." + corpo cru</code>, com o <code>secret</code>',
    ],
    ['<code>X-SVC-Tentativa</code>', 'o número da tentativa, a partir de 1'],
    [
      '<code>X-SVC-Assinatura-Anterior</code>',
      'só durante a troca de secret (<code>POST /v1/webhooks/{id}/rotacionar-segredo</code>): a mesma assinatura com o secret anterior',
    ],
  ],
)}
<p>Responda 2xx em poucos segundos. Outro status, timeout ou falha de conexão (5xx, 408, 429) é tentado de novo com espera crescente; 3xx e outros 4xx não. A entrega é pelo menos uma vez e sem ordem garantida. Recuse assinaturas que não conferem e timestamps a mais de 300 s do seu relógio. Verificação, sobre o corpo cru:</p>
${codeTabs([
  { lang: 'js', label: 'JavaScript (Node)', code: VERIFY_NODE },
  { lang: 'python', label: 'Python', code: VERIFY_PYTHON },
])}
<p>Os oito eventos, cada um com um corpo de exemplo (o mesmo da seção <code>webhooks</code> do <a href="/v1/openapi.json">openapi.json</a>; o stream envia os mesmos corpos). Esquemas: ${link('schema-WebhookEvento', 'WebhookEvento')}.</p>
${table(
  ['Evento', 'Quando'],
  EVENTOS.map((e) => [link(`evento-${e.replace('.', '-')}`, `<code>${esc(e)}</code>`), md(o.event(e).summary)]),
)}
${events}`;
}
