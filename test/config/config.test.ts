import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULTS, loadConfig, redactPassword } from '../../src/config.js';
import { DEFAULT_PLANS } from '../../src/control/plans.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { REPO_ROOT } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

describe('loadConfig: flags over environment over defaults', () => {
  it('defaults when neither is given', () => {
    const c = loadConfig({}, {});
    assert.equal(c.dataDir.root, path.resolve('./data'));
    assert.equal(c.port, DEFAULTS.port);
    assert.deepEqual(c.feeds, { timeoutMs: 15_000, allowHttp: false });
    assert.equal(c.allowPrivateUrls, false);
    assert.equal(c.smtp, null);
    assert.equal(c.plans, undefined);
    assert.equal(c.apiUrl, 'http://localhost:8080');
    assert.equal(c.apiKey, undefined);
    assert.equal(c.debug, false);
    assert.deepEqual(c.log, { format: 'json', level: 'info' });
  });

  it('the environment fills what the flags leave out', () => {
    const c = loadConfig(
      {},
      {
        SVC_DATA_DIR: '/srv/svc',
        PORT: '9001',
        SVC_FEED_TIMEOUT_MS: '300',
        SVC_ALLOW_HTTP_FEEDS: '1',
        SVC_ALLOW_PRIVATE_URLS: '1',
        SVC_SMTP_URL: 'smtp://h:25',
        SVC_WEBHOOK_SECRET: 'whsec_x',
        SVC_API_URL: 'http://api:1',
        SVC_API_KEY: 'k',
        SVC_DEBUG: '1',
        SVC_LOG_FORMAT: 'text',
        SVC_LOG_LEVEL: 'warn',
        SVC_PUBLIC_URL: 'https://api.exemplo.com.br/futebol/',
        SVC_TRUST_PROXY: '1',
      },
    );
    assert.equal(c.publicUrl, 'https://api.exemplo.com.br/futebol', 'without the trailing slash');
    assert.equal(c.trustProxy, true);
    assert.equal(c.dataDir.root, '/srv/svc');
    assert.equal(c.dataDir.controlDb, '/srv/svc/control.db');
    assert.equal(c.port, 9001);
    assert.deepEqual(c.feeds, { timeoutMs: 300, allowHttp: true });
    assert.equal(c.allowPrivateUrls, true);
    assert.deepEqual(c.smtp, { url: 'smtp://h:25', from: DEFAULTS.smtpFrom });
    assert.deepEqual(c.webhookSecrets, ['whsec_x']);
    assert.equal(c.apiUrl, 'http://api:1');
    assert.equal(c.apiKey, 'k');
    assert.equal(c.debug, true);
    assert.deepEqual(c.log, { format: 'text', level: 'warn' });
  });

  it('flags win over the environment', () => {
    const env = {
      SVC_DATA_DIR: '/env',
      PORT: '9001',
      SVC_WEBHOOK_SECRET: 'env',
      SVC_API_URL: 'http://env:1',
      SVC_API_KEY: 'env',
      SVC_LOG_FORMAT: 'text',
      SVC_LOG_LEVEL: 'warn',
    };
    const c = loadConfig(
      { dataDir: '/flag', port: '0', secret: ['flag'], previousSecret: 'old', api: 'http://flag:1', key: 'flag' },
      env,
    );
    assert.deepEqual(
      [c.dataDir.root, c.port, c.webhookSecrets, c.apiUrl, c.apiKey],
      ['/flag', 0, ['flag', 'old'], 'http://flag:1', 'flag'],
    );
    assert.deepEqual(loadConfig({ logFormat: 'json', logLevel: 'debug' }, env).log, { format: 'json', level: 'debug' });
  });

  it('a plans file is read and validated into the config', () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'plans.json');
      writeFileSync(file, JSON.stringify({ free: { requisicoes: 7 } }));
      assert.equal(loadConfig({}, { SVC_PLANS: file }).plans?.free.requisicoes, 7);
      assert.deepEqual(loadConfig({ plans: file }, {}).plans?.pro, DEFAULT_PLANS.pro);
      writeFileSync(file, JSON.stringify({ gold: {} }));
      assert.throws(
        () => loadConfig({ plans: file }, {}),
        new ConfigError(`arquivo de planos ${file}: plano desconhecido "gold" (use free, pro ou enterprise)`),
      );
    } finally {
      cleanup();
    }
  });

  it('bad values are one-line errors naming the setting', () => {
    const cases: [Parameters<typeof loadConfig>[0], Record<string, string>, string][] = [
      [{}, { PORT: 'http' }, 'PORT inválida: "http" (use 0 a 65535)'],
      [{ port: '70000' }, {}, '--port inválida: "70000" (use 0 a 65535)'],
      [{}, { SVC_FEED_TIMEOUT_MS: '0' }, 'SVC_FEED_TIMEOUT_MS inválida: "0" (use um inteiro >= 1)'],
      [{}, { SVC_FEED_TIMEOUT_MS: '2s' }, 'SVC_FEED_TIMEOUT_MS inválida: "2s" (use um inteiro >= 1)'],
      [
        {},
        { SVC_ALLOW_PRIVATE_URLS: 'yes' },
        'SVC_ALLOW_PRIVATE_URLS inválida: "yes" (use 1 para ligar ou 0 para desligar)',
      ],
      [{}, { SVC_LOG_FORMAT: 'pretty' }, 'SVC_LOG_FORMAT inválida: "pretty" (use json, text)'],
      [{ logLevel: 'fatal' }, {}, '--log-level inválida: "fatal" (use error, warn, info, debug, silent)'],
      [
        { publicUrl: 'api.exemplo.com.br' },
        {},
        '--public-url inválida: "api.exemplo.com.br" (use o endereço público da API, como https://api.exemplo.com.br)',
      ],
      [
        {},
        { SVC_PUBLIC_URL: 'https://api.exemplo.com.br/?x=1' },
        'SVC_PUBLIC_URL inválida: "https://api.exemplo.com.br/?x=1" (use o endereço público da API, como https://api.exemplo.com.br)',
      ],
    ];
    for (const [flags, env, message] of cases) assert.throws(() => loadConfig(flags, env), new ConfigError(message));
  });
});

describe('connection strings are printed without their passwords', () => {
  it('in the user info, a query parameter (its name percent-encoded too) or a keyword/value pair', () => {
    const cases: [string, string][] = [
      ['postgres://u:senha@h:5432/db', 'postgres://u:***@h:5432/db'],
      ['postgres://u:se/nh@a@h/db?sslmode=require', 'postgres://u:***@h/db?sslmode=require'],
      ['postgres://u@h/db?user=u&password=senha&x=1', 'postgres://u@h/db?user=u&password=***&x=1'],
      ['postgresql://h/db?PASSWORD=senha', 'postgresql://h/db?PASSWORD=***'],
      ['postgres://u@h/db?sslpassword=senha', 'postgres://u@h/db?sslpassword=***'],
      // pg percent-decodes query names and values: these are the same password parameter.
      ['postgres://u@h/db?%70assword=senha&x=1', 'postgres://u@h/db?%70assword=***&x=1'],
      ['postgres://u@h/db?x=1&PASS%57ORD=se%20nha', 'postgres://u@h/db?x=1&PASS%57ORD=***'],
      ['postgres://u:p%40ss%3Aw@h/db', 'postgres://u:***@h/db'],
      ['host=h password=senha user=u', 'host=h password=*** user=u'],
      ["host=h password = 'se nha\\'s' user=u", 'host=h password = *** user=u'],
      ['postgres://u@h:5432/db', 'postgres://u@h:5432/db'],
    ];
    for (const [text, printed] of cases) assert.equal(redactPassword(text), printed, text);
  });

  it('an unreachable server named with ?password= and a keyword/value setting', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const env = { SVC_SECRET_KEY: 'k'.repeat(32) };
      const down = await runSvcInProcess(
        ['db', 'migrate', '--data-dir', dir, '--database-url', 'postgres://u@127.0.0.1:1/x?password=senha'],
        { env },
      );
      assert.equal(down.code, EXIT.unreachable);
      assert.match(down.stderr, /^svc: PostgreSQL postgres:\/\/u@127\.0\.0\.1:1\/x\?password=\*\*\*: /);
      const bad = await runSvcInProcess(['db', 'migrate', '--data-dir', dir], {
        env: { ...env, SVC_DATABASE_URL: 'host=127.0.0.1 password=senha' },
      });
      assert.equal(bad.code, EXIT.usage);
      assert.equal(
        bad.stderr,
        'svc: SVC_DATABASE_URL inválida: "host=127.0.0.1 password=***" (use postgres://usuário@host:5432/banco)\n',
      );
      assert.doesNotMatch(down.stderr + bad.stderr, /senha/);
    } finally {
      cleanup();
    }
  });
});

describe('the CLI builds its config from the environment', () => {
  it('a bad setting in the environment exits 2 with one line', async () => {
    const r = await runSvcInProcess(['snapshots', '--data-dir', '/nonexistent'], {
      env: { SVC_ALLOW_HTTP_FEEDS: 'true' },
    });
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stderr, 'svc: SVC_ALLOW_HTTP_FEEDS inválida: "true" (use 1 para ligar ou 0 para desligar)\n');
  });

  it('SVC_DATA_DIR chooses the data dir when --data-dir is absent', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const r = await runSvcInProcess(['snapshots', '--json'], { env: { SVC_DATA_DIR: dir } });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), {
        ok: true,
        atual: null,
        total: 0,
        mais_antigo: null,
        mais_recente: null,
        tamanho_total_bytes: 0,
      });
    } finally {
      cleanup();
    }
  });
});

/** Lists every source file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

it('no module of src/ but src/config.ts reads process.env', () => {
  const src = path.join(REPO_ROOT, 'src');
  // request-snippets.ts shows a customer's JavaScript (`process.env.SVC_KEY` inside a string), reads nothing.
  const allowed = new Set([path.join(src, 'config.ts'), path.join(src, 'api/openapi/request-snippets.ts')]);
  const offenders = sources(src).filter((f) => !allowed.has(f) && /process\.env\b/.test(readFileSync(f, 'utf8')));
  assert.deepEqual(
    offenders.map((f) => path.relative(REPO_ROOT, f)),
    [],
  );
});
