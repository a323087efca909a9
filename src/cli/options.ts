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
