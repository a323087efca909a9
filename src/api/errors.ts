/**
 * An error answered to an API client as `{erro, mensagem}` with its status. Texts are Portuguese and,
 * where the spec gives them, exactly as the spec writes them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly erro: string,
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
