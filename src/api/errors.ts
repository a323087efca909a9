/**
 * Every `erro` text the API answers: the one list. `ApiError` takes only these, and the OpenAPI responses and the
 * customer docs (`/docs`, section Erros) are rendered from it, so a new text cannot go undocumented. Texts are
 * Portuguese and, where the spec gives them, exactly as the spec writes them; `quando` is for the reader.
 */
export const ERROS = {
  'Parâmetro obrigatório': {
    status: 400,
    quando: 'Falta um parâmetro obrigatório: a busca sem `q` ou com menos de 2 caracteres; `desde` no reenvio em lote.',
  },
  'Parâmetro inválido': {
    status: 400,
    quando: 'Um parâmetro ou campo do corpo tem um valor não aceito; `mensagem` nomeia o parâmetro e o que é aceito.',
  },
  'JSON inválido': { status: 400, quando: 'O corpo enviado não é um JSON válido.' },
  'Requisição inválida': {
    status: 400,
    quando: 'A requisição não pôde ser interpretada (uma URL malformada, por exemplo); o status é o 4xx do caso.',
  },
  'Não autorizado': {
    status: 401,
    quando:
      'Chave ausente, inválida ou inativa (`mensagem` = "API Key inválida ou inativa"), ou ticket de stream inválido, expirado ou já usado.',
  },
  'Plano insuficiente': {
    status: 403,
    quando: 'O plano da chave não dá acesso ao recurso ou ao campeonato; `mensagem` nomeia o plano e sugere o upgrade.',
  },
  'Não encontrado': {
    status: 404,
    quando:
      'O recurso não existe (para campeonatos, `mensagem` = "Campeonato não encontrado"), a partida ainda não tem escalação, ou a rota não existe.',
  },
  'Método não permitido': {
    status: 405,
    quando: 'A rota existe, mas não com este método; o cabeçalho `Allow` lista os aceitos.',
  },
  Conflito: { status: 409, quando: 'Reenvio de uma entrega ainda pendente, ou de entregas de um webhook desativado.' },
  'Corpo muito grande': { status: 413, quando: 'O corpo da requisição passa de 64 KiB.' },
  'Tipo de conteúdo não suportado': {
    status: 415,
    quando: 'Um corpo enviado sem `Content-Type: application/json`.',
  },
  'Limite do plano': {
    status: 422,
    quando:
      'Criar ou reativar um webhook além da cota de webhooks ativos do plano; `mensagem` diz o máximo e sugere o upgrade ou desativar um.',
  },
  'Limite de requisições': {
    status: 429,
    quando:
      'Cota diária ou limite por segundo esgotados, streams simultâneos demais, ou uma entrega de teste já pendente; espere os segundos de `Retry-After`.',
  },
  'Erro interno': {
    status: 500,
    quando: 'Uma falha inesperada; `mensagem` traz o identificador da requisição (`X-Request-Id`) para o suporte.',
  },
  'Serviço indisponível': {
    status: 503,
    quando:
      'Nenhum snapshot de dados carregado ainda, ou o plano de controle não respondeu; tente de novo após `Retry-After`.',
  },
} as const satisfies Record<string, { status: number; quando: string }>;

export type Erro = keyof typeof ERROS;

/** An error answered to an API client as `{erro, mensagem}` with its status; `erro` is one of `ERROS`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly erro: Erro,
    readonly mensagem: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${erro}: ${mensagem}`);
    this.name = 'ApiError';
  }

  body(): { erro: string; mensagem: string } {
    return { erro: this.erro, mensagem: this.mensagem };
  }
}

/**
 * The client went away before its request was read whole: nothing can be answered. Logged and recorded as
 * 499 (nginx's "client closed request"), never as a server error.
 */
export class ClientAbortedError extends Error {
  static readonly STATUS = 499;

  constructor() {
    super('o cliente encerrou a conexão antes de enviar a requisição inteira');
    this.name = 'ClientAbortedError';
  }
}
