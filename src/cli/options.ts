import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Config } from '../config.js';

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
  return new Option(
    '--allow-private-urls',
    'SÓ PARA DESENVOLVIMENTO LOCAL: aceita receptores em HTTP simples e endereços privados/loopback (também SVC_ALLOW_PRIVATE_URLS=1)',
  ).default(false);
}

/** Printed by every process running with the guard off, so nobody runs production that way unknowingly. */
const PRIVATE_URLS_WARNING = [
  '!!! --allow-private-urls ATIVO: webhooks podem usar HTTP simples e endereços privados/loopback.',
  '!!! Apenas para desenvolvimento local; nunca em produção (risco de SSRF).',
].join('\n');

/** The configured `allowPrivateUrls` (flag or SVC_ALLOW_PRIVATE_URLS=1), said loudly when it is on. */
export function allowPrivateUrls(config: Config): boolean {
  if (config.allowPrivateUrls) process.stderr.write(`${PRIVATE_URLS_WARNING}\n`);
  return config.allowPrivateUrls;
}

/** `--cors-origins`, shared by `serve` and `demo` (parsed with the rest of the config). */
export function corsOriginsOption(): Option {
  return new Option(
    '--cors-origins <list>',
    'origens de navegador que podem chamar a API, separadas por vírgula (ex. https://app.example), ou * para qualquer uma (variável: SVC_CORS_ORIGINS; padrão: *)',
  );
}

/** `--log-format` and `--log-level`, for the long-running commands (`serve`, `demo`, `webhooks run`). */
export function withLogOptions(cmd: Command): Command {
  return cmd
    .option('--log-format <format>', 'formato do log no stdout: json ou text (variável: SVC_LOG_FORMAT; padrão: json)')
    .option(
      '--log-level <level>',
      'nível mínimo do log: error, warn, info, debug ou silent (variável: SVC_LOG_LEVEL; padrão: info)',
    );
}

/** `--public-url` and `--trust-proxy`, shared by `serve` and `demo`: the absolute URLs the API hands out. */
export function withPublicUrlOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--public-url <url>',
        'endereço da API como os clientes a alcançam (ex. https://api.exemplo.com.br), usado nas URLs absolutas que ela devolve (variável: SVC_PUBLIC_URL; padrão: o host e o esquema de cada requisição)',
      ),
    )
    .addOption(
      new Option(
        '--trust-proxy',
        'confia em X-Forwarded-Proto, X-Forwarded-Host e X-Forwarded-For: só atrás de um proxy que os define (variável: SVC_TRUST_PROXY=1)',
      ),
    );
}
