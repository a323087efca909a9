/**
 * The one place where settings come in: command-line flags, the environment (`SVC_*`, `PORT`) and the files they
 * name, merged into one typed, validated object that the CLI builds once and passes down. No other module in
 * `src/` reads `process.env` (test/config/config.test.ts checks). Every setting is listed in docs/configuration.md.
 */
import { readFileSync } from 'node:fs';
import { resolveDataDir, DEFAULT_DATA_DIR, type DataDir } from './data-dir.js';
import { loadPlans, PlansFileError, type PlansConfig } from './control/plans.js';
import { DEFAULT_CACHE_MB } from './api/snapshot/cache-size.js';
import { keyFromText } from './control/secret-box.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** The flags that carry settings, as commander parses them (each command declares the ones it takes). */
export interface ConfigFlags {
  dataDir?: string;
  port?: string;
  host?: string;
  cacheMb?: string;
  plans?: string;
  aliases?: string;
  allowPrivateUrls?: boolean;
  /** `svc webhooks listen --secret` (repeatable) and `--previous-secret`. */
  secret?: readonly string[];
  previousSecret?: string;
  api?: string;
  key?: string;
  databaseUrl?: string;
  corsOrigins?: string;
}

export interface SmtpConfig {
  url: string;
  from: string;
}

export interface Config {
  dataDir: DataDir;
  /** The control plane on PostgreSQL (`--database-url`, SVC_DATABASE_URL); undefined = SQLite in the data dir. */
  databaseUrl: string | undefined;
  /** Unexpected errors print their stack (`SVC_DEBUG=1`). */
  debug: boolean;
  /** Fetching `https://` feeds. */
  feeds: { timeoutMs: number; allowHttp: boolean };
  /** Extra team-name aliases for `svc ingest` (loaded by the ingest). */
  aliasesFile: string | undefined;
  /** `svc serve` / `svc demo`. */
  port: number;
  host: string | undefined;
  /** Memory bound of `svc serve`'s cache of championship partitions and responses, MiB. */
  cacheMb: number;
  /** Bearer token of `GET /metrics` (SVC_METRICS_TOKEN); undefined = no /metrics route. */
  metricsToken: string | undefined;
  /** Browser origins allowed to call the API (CORS): any, or an exact list. */
  corsOrigins: '*' | readonly string[];
  /** Plan quotas and access; undefined = the built-in defaults. */
  plans: PlansConfig | undefined;
  /** Webhook receivers may be plain HTTP and private/loopback (local development only). */
  allowPrivateUrls: boolean;
  /** Permanent-deactivation e-mails; null = recorded and logged only. */
  smtp: SmtpConfig | null;
  /** `svc webhooks listen`: the secrets signatures are checked with, the current one first. */
  webhookSecrets: string[];
  /**
   * The key sealing webhook secrets at rest (SVC_SECRET_KEY or SVC_SECRET_KEY_FILE); undefined = the data dir's
   * `secret.key`, created when needed.
   */
  secretKey: Buffer | undefined;
  /** `svc tui`. */
  apiUrl: string;
  apiKey: string | undefined;
}

export const DEFAULTS = {
  dataDir: DEFAULT_DATA_DIR,
  port: 8080,
  feedTimeoutMs: 15_000,
  apiUrl: 'http://localhost:8080',
  smtpFrom: 'svc <webhooks@localhost>',
} as const;

/** A setting with a bad value: one line naming the flag or variable, the value and what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Flags win over the environment, which wins over the defaults. `env` is the process environment unless a test passes one. */
export function loadConfig(flags: ConfigFlags = {}, env: Env = process.env): Config {
  const plansFile = flags.plans ?? nonEmpty(env.SVC_PLANS);
  return {
    dataDir: resolveDataDir(flags.dataDir ?? nonEmpty(env.SVC_DATA_DIR) ?? DEFAULTS.dataDir),
    databaseUrl: databaseUrl(
      flags.databaseUrl !== undefined ? '--database-url' : 'SVC_DATABASE_URL',
      flags.databaseUrl ?? nonEmpty(env.SVC_DATABASE_URL),
    ),
    debug: flag(env, 'SVC_DEBUG'),
    feeds: {
      timeoutMs:
        env.SVC_FEED_TIMEOUT_MS === undefined
          ? DEFAULTS.feedTimeoutMs
          : positiveInt('SVC_FEED_TIMEOUT_MS', env.SVC_FEED_TIMEOUT_MS),
      allowHttp: flag(env, 'SVC_ALLOW_HTTP_FEEDS'),
    },
    aliasesFile: flags.aliases,
    port: parsePort(flags.port !== undefined ? '--port' : 'PORT', flags.port ?? nonEmpty(env.PORT)),
    host: flags.host,
    cacheMb:
      flags.cacheMb === undefined && env.SVC_CACHE_MB === undefined
        ? DEFAULT_CACHE_MB
        : positiveInt(
            flags.cacheMb !== undefined ? '--cache-mb' : 'SVC_CACHE_MB',
            (flags.cacheMb ?? env.SVC_CACHE_MB) as string,
          ),
    metricsToken: metricsToken(nonEmpty(env.SVC_METRICS_TOKEN)),
    corsOrigins: parseCorsOrigins(
      flags.corsOrigins !== undefined ? '--cors-origins' : 'SVC_CORS_ORIGINS',
      flags.corsOrigins ?? nonEmpty(env.SVC_CORS_ORIGINS) ?? '*',
    ),
    plans: plansFile === undefined ? undefined : plansFrom(plansFile),
    allowPrivateUrls: flags.allowPrivateUrls === true || flag(env, 'SVC_ALLOW_PRIVATE_URLS'),
    smtp:
      nonEmpty(env.SVC_SMTP_URL) === undefined
        ? null
        : { url: env.SVC_SMTP_URL as string, from: nonEmpty(env.SVC_SMTP_FROM) ?? DEFAULTS.smtpFrom },
    webhookSecrets: [
      ...(flags.secret?.length ? flags.secret : [nonEmpty(env.SVC_WEBHOOK_SECRET)]),
      flags.previousSecret ?? nonEmpty(env.SVC_WEBHOOK_SECRET_ANTERIOR),
    ].filter((s): s is string => s !== undefined),
    secretKey: secretKeyFrom(env),
    apiUrl: flags.api ?? nonEmpty(env.SVC_API_URL) ?? DEFAULTS.apiUrl,
    apiKey: flags.key ?? nonEmpty(env.SVC_API_KEY),
  };
}

/** Whether unexpected errors print their stack; read on its own because such an error may come before the config. */
export function debugEnabled(env: Env = process.env): boolean {
  return env.SVC_DEBUG === '1';
}

/**
 * Prepares the process environment for the terminal UI, before React and Ink load: React's production build
 * (the development one checks every render and loads slower), and Ink drawing every frame on a real terminal
 * even when CI=true was inherited from a CI job or a dev container.
 */
export function prepareTerminalUiEnv(interactive: boolean): void {
  process.env.NODE_ENV ??= 'production';
  if (!interactive) return;
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) if (name in process.env) process.env[name] = '0';
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** `1` switches a flag variable on; empty or `0` leaves it off; anything else is a mistake worth reporting. */
function flag(env: Env, name: string): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new ConfigError(`${name} inválida: "${value}" (use 1 para ligar ou 0 para desligar)`);
}

function secretKeyFrom(env: Env): Buffer | undefined {
  const text = nonEmpty(env.SVC_SECRET_KEY);
  const file = nonEmpty(env.SVC_SECRET_KEY_FILE);
  // Old keys used to be tried and every secret sealed again on open; a key changes only by an explicit command now.
  if (nonEmpty(env.SVC_SECRET_KEYS_OLD) !== undefined)
    throw new ConfigError(
      'SVC_SECRET_KEYS_OLD não é mais lida: para trocar a chave rode svc keys rotate-secret-key --old-key-file ARQUIVO',
    );
  if (text !== undefined && file !== undefined)
    throw new ConfigError('SVC_SECRET_KEY e SVC_SECRET_KEY_FILE: use só um dos dois');
  if (file !== undefined) return secretKeyFromFile('SVC_SECRET_KEY_FILE', file);
  return text === undefined ? undefined : secretKeyFromText(text);
}

/** A secret key kept in a file (SVC_SECRET_KEY_FILE, `svc keys rotate-secret-key --old-key-file`). */
export function secretKeyFromFile(name: string, file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${name} ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return secretKeyFromText(text);
}

function secretKeyFromText(text: string): Buffer {
  if (text.trim().length < 16)
    throw new ConfigError('a chave de segredos (SVC_SECRET_KEY) deve ter ao menos 16 caracteres');
  return keyFromText(text);
}

function metricsToken(text: string | undefined): string | undefined {
  if (text !== undefined && text.trim().length < 16)
    throw new ConfigError('SVC_METRICS_TOKEN deve ter ao menos 16 caracteres');
  return text;
}

function databaseUrl(name: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || url.hostname === '') {
    throw new ConfigError(`${name} inválida: "${redactPassword(text)}" (use postgres://usuário@host:5432/banco)`);
  }
  return text;
}

/** A database URL as it may be printed: without its password. */
export function redactPassword(text: string): string {
  return text.replace(/(\/\/[^:/@]*):[^@/]*@/, '$1:***@');
}

function positiveInt(name: string, text: string): number {
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1)) throw new ConfigError(`${name} inválida: "${text}" (use um inteiro >= 1)`);
  return n;
}

function parsePort(name: string, text: string | undefined): number {
  if (text === undefined) return DEFAULTS.port;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new ConfigError(`${name} inválida: "${text}" (use 0 a 65535)`);
  return port;
}

/** `*`, or origins as browsers send them in `Origin` (scheme, host, maybe a port; no path), comma-separated. */
function parseCorsOrigins(name: string, text: string): '*' | string[] {
  if (text.trim() === '*') return '*';
  const origins = text
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  const bad = origins.find((o) => !/^https?:\/\/[^/\s:]+(:\d{1,5})?$/.test(o));
  if (origins.length === 0 || bad !== undefined) {
    throw new ConfigError(
      `${name} inválida: origem "${bad ?? text}" (use * ou origens como https://app.exemplo.com.br, separadas por vírgula)`,
    );
  }
  return origins;
}

function plansFrom(file: string): PlansConfig {
  try {
    return loadPlans(file);
  } catch (err) {
    if (err instanceof PlansFileError) throw new ConfigError(err.message);
    throw err;
  }
}
