import { InvalidArgumentError, Option } from 'commander';
import { allowPrivateUrlsFromEnv, PRIVATE_URLS_WARNING } from '../webhooks/private-urls.js';

/** A commander parser for an integer option within bounds. */
export function intOption(min: number, max: number) {
  return (value: string): number => {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) throw new InvalidArgumentError(`deve ser um inteiro entre ${min} e ${max}.`);
    return n;
  };
}

/** `--allow-private-urls`, shared by `serve`, `webhooks run` and `replay`. */
export function allowPrivateUrlsOption(): Option {
  return new Option('--allow-private-urls', 'LOCAL DEVELOPMENT ONLY: accept plain HTTP and private/loopback receivers (also SVC_ALLOW_PRIVATE_URLS=1)').default(false);
}

/** Resolves the flag (or SVC_ALLOW_PRIVATE_URLS=1) and says so loudly when it is on. */
export function allowPrivateUrls(flag: boolean | undefined): boolean {
  const on = flag === true || allowPrivateUrlsFromEnv();
  if (on) process.stderr.write(`${PRIVATE_URLS_WARNING}\n`);
  return on;
}

/** `--cors-origins`, shared by `serve` and `demo`: `*` (default) or a comma-separated list of origins. */
export function corsOriginsOption(): Option {
  return new Option('--cors-origins <list>', 'browser origins allowed to call the API, comma-separated (e.g. https://app.example), or * for any')
    .env('SVC_CORS_ORIGINS')
    .default('*')
    .argParser(parseCorsOrigins);
}

/** An origin is a scheme, a host and maybe a port, as browsers send it in `Origin`: no path, no slash at the end. */
export function parseCorsOrigins(text: string): '*' | string[] {
  if (text.trim() === '*') return '*';
  const origins = text.split(',').map((o) => o.trim()).filter((o) => o !== '');
  const bad = origins.find((o) => !/^https?:\/\/[^/\s:]+(:\d{1,5})?$/.test(o));
  if (origins.length === 0 || bad !== undefined) {
    throw new InvalidArgumentError(`origem inválida: "${bad ?? text}" (use * ou origens como https://app.exemplo.com.br, separadas por vírgula).`);
  }
  return origins;
}
