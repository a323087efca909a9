/** `SVC_ALLOW_PRIVATE_URLS=1`: the environment form of `--allow-private-urls` (local development only). */
export function allowPrivateUrlsFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SVC_ALLOW_PRIVATE_URLS === '1';
}

/** Printed by every process running with the guard off, so nobody runs production that way unknowingly. */
export const PRIVATE_URLS_WARNING = [
  '!!! --allow-private-urls ATIVO: webhooks podem usar HTTP simples e endereços privados/loopback.',
  '!!! Apenas para desenvolvimento local; nunca em produção (risco de SSRF).',
].join('\n');
