/**
 * The one place where settings come in: command-line flags, the environment (`SVC_*`, `PORT`) and the files they
 * name (svc.toml, plans, keys), merged into one typed, validated object that the CLI builds once and passes down. No other module in
 * `src/` reads `process.env` (test/config/config.test.ts checks). Every setting is listed in docs/configuration.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml, TomlError } from 'smol-toml';
import { resolveDataDir, DEFAULT_DATA_DIR, type DataDir } from './data-dir.js';
import { loadPlans, PlansFileError, type PlansConfig } from './control/plans.js';
import { DEFAULT_CACHE_MB } from './api/snapshot/cache-size.js';
import { keyFromText } from './control/secret-box.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** The flags that carry settings, as commander parses them (each command declares the ones it takes). */
export interface ConfigFlags {
  /** svc.toml (`--config`; else SVC_CONFIG). */
  config?: string;
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
  logFormat?: string;
  logLevel?: string;
  publicUrl?: string;
  trustProxy?: boolean;
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
  /** The log of `serve`, `demo` and `webhooks run` (`--log-format`, `--log-level`): see src/log.ts. */
  log: { format: LogFormat; level: LogLevel };
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
  /** The API's address as clients reach it (`--public-url`, SVC_PUBLIC_URL), without a trailing slash; undefined = each request's own. */
  publicUrl: string | undefined;
  /** `X-Forwarded-Proto`/`-Host`/`-For` are believed (`--trust-proxy`, SVC_TRUST_PROXY=1): only behind a proxy that sets them. */
  trustProxy: boolean;
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

/** Where a setting's value came from, strongest first: a flag, the environment, the config file, the default. */
export type SettingSource = 'flag' | 'env' | 'file' | 'default';

interface SettingSpec {
  /** The key in svc.toml. */
  readonly key: string;
  readonly env?: string;
  readonly flag?: keyof ConfigFlags;
  /** Printed masked by `svc config show`: the whole value, or a URL's password. */
  readonly secret?: 'all' | 'password';
  /** A file or folder: relative to the config file's folder when it comes from there. */
  readonly path?: boolean;
  /** The default, as `svc config show` prints it. */
  readonly shown: string;
}

/** Every setting, in the order of docs/configuration.md's table (test/config/config-file.test.ts checks). */
export const SETTINGS: readonly SettingSpec[] = [
  { key: 'data_dir', env: 'SVC_DATA_DIR', flag: 'dataDir', path: true, shown: DEFAULTS.dataDir },
  { key: 'database_url', env: 'SVC_DATABASE_URL', flag: 'databaseUrl', secret: 'password', shown: '(SQLite)' },
  { key: 'port', env: 'PORT', flag: 'port', shown: String(DEFAULTS.port) },
  { key: 'host', flag: 'host', shown: '(todas as interfaces)' },
  { key: 'plans', env: 'SVC_PLANS', flag: 'plans', path: true, shown: '(planos embutidos)' },
  { key: 'metrics_token', env: 'SVC_METRICS_TOKEN', secret: 'all', shown: '(sem /metrics)' },
  { key: 'cache_mb', env: 'SVC_CACHE_MB', flag: 'cacheMb', shown: String(DEFAULT_CACHE_MB) },
  { key: 'cors_origins', env: 'SVC_CORS_ORIGINS', flag: 'corsOrigins', shown: '*' },
  { key: 'public_url', env: 'SVC_PUBLIC_URL', flag: 'publicUrl', shown: '(o host de cada requisição)' },
  { key: 'trust_proxy', env: 'SVC_TRUST_PROXY', flag: 'trustProxy', shown: '0' },
  { key: 'allow_private_urls', env: 'SVC_ALLOW_PRIVATE_URLS', flag: 'allowPrivateUrls', shown: '0' },
  { key: 'smtp_url', env: 'SVC_SMTP_URL', secret: 'password', shown: '(avisos só registrados)' },
  { key: 'smtp_from', env: 'SVC_SMTP_FROM', shown: DEFAULTS.smtpFrom },
  { key: 'secret_key', env: 'SVC_SECRET_KEY', secret: 'all', shown: '(secret_key_file, ou secret.key na pasta)' },
  { key: 'secret_key_file', env: 'SVC_SECRET_KEY_FILE', path: true, shown: '—' },
  { key: 'feed_timeout_ms', env: 'SVC_FEED_TIMEOUT_MS', shown: String(DEFAULTS.feedTimeoutMs) },
  { key: 'allow_http_feeds', env: 'SVC_ALLOW_HTTP_FEEDS', shown: '0' },
  { key: 'aliases', flag: 'aliases', path: true, shown: '—' },
  { key: 'webhook_secret', env: 'SVC_WEBHOOK_SECRET', flag: 'secret', secret: 'all', shown: '—' },
  {
    key: 'webhook_secret_previous',
    env: 'SVC_WEBHOOK_SECRET_ANTERIOR',
    flag: 'previousSecret',
    secret: 'all',
    shown: '—',
  },
  { key: 'api_url', env: 'SVC_API_URL', flag: 'api', shown: DEFAULTS.apiUrl },
  { key: 'api_key', env: 'SVC_API_KEY', flag: 'key', secret: 'all', shown: '—' },
  { key: 'log_format', env: 'SVC_LOG_FORMAT', flag: 'logFormat', shown: 'json' },
  { key: 'log_level', env: 'SVC_LOG_LEVEL', flag: 'logLevel', shown: 'info' },
  { key: 'debug', env: 'SVC_DEBUG', shown: '0' },
];

/** One setting as resolved: its raw text (undefined = default), where it came from and the name errors give it. */
export interface ResolvedSetting {
  readonly key: string;
  readonly value: string | undefined;
  readonly source: SettingSource;
  /** `--port`, `PORT` or `/etc/svc/svc.toml:3`. */
  readonly where: string;
  /** How errors name it: `where`, with the key after a file's line. */
  readonly name: string;
}

export interface ResolvedSettings {
  /** The config file read (`--config`, SVC_CONFIG), if any. */
  readonly file: string | undefined;
  readonly settings: Readonly<Record<string, ResolvedSetting>>;
}

/** Each setting from the strongest source that sets it: flags, then the environment, then the file (README, docs). */
export function resolveSettings(flags: ConfigFlags = {}, env: Env = process.env): ResolvedSettings {
  const file = flags.config ?? nonEmpty(env.SVC_CONFIG);
  const fromFile = file === undefined ? {} : readConfigFile(file);
  const settings: Record<string, ResolvedSetting> = {};
  for (const spec of SETTINGS) {
    const flagValue = spec.flag && flags[spec.flag];
    const envValue = spec.env && nonEmpty(env[spec.env]);
    const inFile = fromFile[spec.key];
    const set = (value: string | undefined, source: SettingSource, where: string, name = where): void => {
      settings[spec.key] = { key: spec.key, value, source, where, name };
    };
    if (flagValue !== undefined && flagValue !== false)
      set(
        flagValue === true ? '1' : typeof flagValue === 'string' ? flagValue : flagValue.join(','),
        'flag',
        flagName(spec.flag!),
      );
    else if (envValue !== undefined) set(envValue, 'env', spec.env!);
    else if (inFile !== undefined)
      set(inFile.value, 'file', `${file}:${inFile.line}`, `${file}:${inFile.line}: ${spec.key}`);
    else set(undefined, 'default', spec.env ?? flagName(spec.flag!));
  }
  return { file, settings };
}

/** The settings of this run, validated: flags over the environment over the config file over the defaults. */
export function loadConfig(flags: ConfigFlags = {}, env: Env = process.env): Config {
  return configOf(resolveSettings(flags, env).settings, env);
}

function configOf(s: Readonly<Record<string, ResolvedSetting>>, env: Env): Config {
  const at = (key: string): ResolvedSetting => s[key]!;
  const raw = (key: string): string | undefined => at(key).value;
  const plansFile = raw('plans');
  const smtpUrl = raw('smtp_url');
  return {
    dataDir: resolveDataDir(raw('data_dir') ?? DEFAULTS.dataDir),
    databaseUrl: databaseUrl(at('database_url')),
    debug: flag(at('debug')),
    log: {
      format: oneOf(at('log_format'), LOG_FORMATS) ?? 'json',
      level: oneOf(at('log_level'), LOG_LEVELS) ?? 'info',
    },
    feeds: {
      timeoutMs: positiveInt(at('feed_timeout_ms')) ?? DEFAULTS.feedTimeoutMs,
      allowHttp: flag(at('allow_http_feeds')),
    },
    aliasesFile: raw('aliases'),
    port: parsePort(at('port')),
    host: raw('host'),
    cacheMb: positiveInt(at('cache_mb')) ?? DEFAULT_CACHE_MB,
    metricsToken: metricsToken(at('metrics_token')),
    corsOrigins: parseCorsOrigins(at('cors_origins')),
    publicUrl: publicUrl(at('public_url')),
    trustProxy: flag(at('trust_proxy')),
    plans: plansFile === undefined ? undefined : plansFrom(plansFile),
    allowPrivateUrls: flag(at('allow_private_urls')),
    smtp: smtpUrl === undefined ? null : { url: smtpUrl, from: raw('smtp_from') ?? DEFAULTS.smtpFrom },
    // `--secret` may repeat (its values joined by commas, which no whsec_ secret holds), then the previous one.
    webhookSecrets: [...(raw('webhook_secret')?.split(',') ?? []), raw('webhook_secret_previous')].filter(
      (v): v is string => v !== undefined && v !== '',
    ),
    secretKey: secretKeyFrom(at('secret_key'), at('secret_key_file'), env),
    apiUrl: raw('api_url') ?? DEFAULTS.apiUrl,
    apiKey: raw('api_key'),
  };
}

/** A setting's value as `svc config show` prints it: secrets masked, defaults as their description. */
export function shownValue(spec: SettingSpec, setting: ResolvedSetting): string {
  if (setting.value === undefined) return spec.shown;
  if (spec.secret === 'all') return '***';
  return spec.secret === 'password' ? redactPassword(setting.value) : setting.value;
}

function flagName(property: string): string {
  return `--${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

const KNOWN_KEYS = new Set(SETTINGS.map((spec) => spec.key));
const PATH_KEYS = new Set(SETTINGS.filter((spec) => spec.path).map((spec) => spec.key));

/**
 * Reads svc.toml: flat `key = value` lines, keys as in SETTINGS. Values become the text an environment variable
 * would hold (true → 1, lists joined by commas), so every setting is validated in one place whatever its source;
 * relative paths are taken from the file's folder, where the operator wrote them.
 */
function readConfigFile(file: string): Record<string, { value: string; line: number }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `arquivo de configuração ${file}: ${code === 'ENOENT' ? 'não encontrado' : (code ?? String(err))}`,
    );
  }
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text);
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    const reason = (err.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
    throw new ConfigError(`${file}:${err.line}:${err.column}: TOML inválido (${reason})`);
  }
  const lines = text.split('\n');
  const lineOf = (key: string): number => {
    const keyAt = new RegExp(`^\\s*\\[*\\s*["']?${key.replace(/[^\w-]/g, '\\$&')}["']?\\s*[=.\\]]`);
    return lines.findIndex((l) => keyAt.test(l)) + 1;
  };
  const values: Record<string, { value: string; line: number }> = {};
  for (const [key, value] of Object.entries(doc)) {
    const line = lineOf(key);
    const where = line > 0 ? `${file}:${line}` : file;
    if (!KNOWN_KEYS.has(key))
      throw new ConfigError(`${where}: chave desconhecida "${key}" (as chaves estão em docs/configuration.md)`);
    const text = tomlText(value);
    if (text === undefined)
      throw new ConfigError(`${where}: ${key}: use texto, número inteiro, true/false ou uma lista de textos`);
    values[key] = { value: PATH_KEYS.has(key) ? path.resolve(path.dirname(file), text) : text, line };
  }
  return values;
}

function tomlText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
  return undefined;
}

/**
 * The variables a run's settings and clock depend on: svc's own, DuckDB's and Node's, the time zone, proxies, a
 * preloaded clock (faketime). A resident ingester runs a handed step only when the client's are its own
 * (src/cli/resident/protocol.ts).
 */
export function settingsEnvironment(env: Env = process.env): Record<string, string> {
  return Object.fromEntries(
    Object.keys(env)
      .filter((name) => /^(SVC_|DUCKDB_|NODE_|FAKETIME)|^(TZ|LD_PRELOAD|HTTPS?_PROXY|NO_PROXY)$/i.test(name))
      .sort()
      .map((name) => [name, env[name] ?? '']),
  );
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

/**
 * Prepares the process environment for `svc serve`, before DuckDB's library loads (src/cli/serve-memory.ts says why):
 * jemalloc's options for DuckDB, an operator's own `DUCKDB_JE_MALLOC_CONF` after ours, so its options win.
 */
export function prepareServeEnv(duckdbMallocConf: string): void {
  const own = process.env.DUCKDB_JE_MALLOC_CONF;
  process.env.DUCKDB_JE_MALLOC_CONF = own ? `${duckdbMallocConf},${own}` : duckdbMallocConf;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** `1` switches a flag setting on; empty or `0` leaves it off; anything else is a mistake worth reporting. */
function flag({ name, value }: ResolvedSetting): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new ConfigError(`${name} inválida: "${value}" (use 1 para ligar ou 0 para desligar)`);
}

/** SVC_SECRET_KEY or SVC_SECRET_KEY_FILE: one key, so the stronger source wins and two in one source are a mistake. */
function secretKeyFrom(text: ResolvedSetting, file: ResolvedSetting, env: Env): Buffer | undefined {
  // Old keys used to be tried and every secret sealed again on open; a key changes only by an explicit command now.
  if (nonEmpty(env.SVC_SECRET_KEYS_OLD) !== undefined)
    throw new ConfigError(
      'SVC_SECRET_KEYS_OLD não é mais lida: para trocar a chave rode svc keys rotate-secret-key --old-key-file ARQUIVO',
    );
  if (text.value !== undefined && file.value !== undefined && text.source === file.source)
    throw new ConfigError(`${text.name} e ${file.name}: use só um dos dois`);
  const order: readonly SettingSource[] = ['flag', 'env', 'file', 'default'];
  const fileFirst = file.value !== undefined && order.indexOf(file.source) < order.indexOf(text.source);
  if (fileFirst) return secretKeyFromFile(file.name, file.value!);
  return text.value === undefined ? undefined : secretKeyFromText(text.value, text.name);
}

/** A secret key kept in a file (SVC_SECRET_KEY_FILE, `svc keys rotate-secret-key --old-key-file`). */
export function secretKeyFromFile(name: string, file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`${name} ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return secretKeyFromText(text, name);
}

function secretKeyFromText(text: string, name: string): Buffer {
  if (text.trim().length < 16) throw new ConfigError(`a chave de segredos (${name}) deve ter ao menos 16 caracteres`);
  return keyFromText(text);
}

function metricsToken({ name, value }: ResolvedSetting): string | undefined {
  if (value !== undefined && value.trim().length < 16) throw new ConfigError(`${name} deve ter ao menos 16 caracteres`);
  return value;
}

function databaseUrl({ name, value: text }: ResolvedSetting): string | undefined {
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

/**
 * A connection string as it may be printed: without its passwords, in every form libpq and `pg` read: the
 * URL's user info (up to its last `@`, so a password with `/` or `@` is hidden whole), a `password` or
 * `sslpassword` query parameter (its name percent-encoded too: `pg` decodes it), and the same as a
 * keyword/value pair (`password='a b'`).
 */
export function redactPassword(text: string): string {
  return text
    .replace(/(\/\/[^:/@?#]*):[^?#]*@/, '$1:***@')
    .replace(/((?:^|[?&\s])([^=&\s#?]+)\s*=\s*)('(?:[^'\\]|\\.)*'?|[^&\s#]*)/g, (whole, name: string, key: string) =>
      /^(ssl)?password$/i.test(decodedKey(key)) ? `${name}***` : whole,
    );
}

/** A query parameter's name as `pg` reads it (percent-decoded), or as written when it is not valid encoding. */
function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

function positiveInt({ name, value: text }: ResolvedSetting): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1)) throw new ConfigError(`${name} inválida: "${text}" (use um inteiro >= 1)`);
  return n;
}

function parsePort({ name, value: text }: ResolvedSetting): number {
  if (text === undefined) return DEFAULTS.port;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new ConfigError(`${name} inválida: "${text}" (use 0 a 65535)`);
  return port;
}

function oneOf<T extends string>({ name, value: text }: ResolvedSetting, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text))
    throw new ConfigError(`${name} inválida: "${text}" (use ${allowed.join(', ')})`);
  return text as T;
}

/** `*`, or origins as browsers send them in `Origin` (scheme, host, maybe a port; no path), comma-separated. */
function parseCorsOrigins({ name, value: text = '*' }: ResolvedSetting): '*' | string[] {
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

/** An http(s) base URL, maybe with a path prefix (a proxy's), without query or fragment; kept without a trailing slash. */
function publicUrl({ name, value: text }: ResolvedSetting): string | undefined {
  if (text === undefined) return undefined;
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(text))
    throw new ConfigError(
      `${name} inválida: "${text}" (use o endereço público da API, como https://api.exemplo.com.br)`,
    );
  return text.replace(/\/+$/, '');
}

function plansFrom(file: string): PlansConfig {
  try {
    return loadPlans(file);
  } catch (err) {
    if (err instanceof PlansFileError) throw new ConfigError(err.message);
    throw err;
  }
}
