/** The panel's only way out: same-origin calls to the public `/v1` API with the key of this tab's session. */

const KEY = 'svc.painel.chave';

/** The key lives in sessionStorage only: gone when the tab closes, never in a URL or a cookie. */
export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn: (key: string): void => sessionStorage.setItem(KEY, key),
  signOut: (): void => sessionStorage.removeItem(KEY),
};

/** An API error: its status and the `{erro, mensagem}` body. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly erro: string,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

/** Calls the API with the session's key (or `key`); resolves to the parsed body (null for 204). */
export async function api<T>(method: string, path: string, body?: unknown, key = session.key()): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${key ?? ''}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure(0, 'Sem conexão', 'Não foi possível falar com o servidor. Verifique se ele está no ar.');
  }
  if (res.status === 204) return null as T;
  const json = (await res.json().catch(() => null)) as { erro?: string; mensagem?: string } | null;
  if (!res.ok)
    throw new ApiFailure(
      res.status,
      json?.erro ?? `HTTP ${res.status}`,
      json?.mensagem ?? 'Resposta inesperada do servidor.',
    );
  return json as T;
}
