import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, SETTINGS } from '../../src/config.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { REPO_ROOT } from '../kit/fixtures.js';
import { runSvcInProcess } from '../kit/svc.js';
import { tempDir } from '../kit/dirs.js';

/** Writes `text` as svc.toml in a fresh dir and runs `fn` with its path. */
async function withFile(text: string, fn: (file: string, dir: string) => Promise<void> | void): Promise<void> {
  const { dir, cleanup } = tempDir();
  try {
    const file = path.join(dir, 'svc.toml');
    writeFileSync(file, text);
    await fn(file, dir);
  } finally {
    cleanup();
  }
}

describe('svc.toml: under the environment and the flags', () => {
  it('fills what flags and environment leave out; relative paths from its folder; true and lists', () =>
    withFile(
      'data_dir = "dados"\nport = 9000\ncache_mb = 64\nallow_http_feeds = true\ncors_origins = ["https://a.example", "https://b.example"]\n',
      (file, dir) => {
        const c = loadConfig({}, { SVC_CONFIG: file });
        assert.equal(c.dataDir.root, path.join(dir, 'dados'));
        assert.equal(c.port, 9000);
        assert.equal(c.cacheMb, 64);
        assert.equal(c.feeds.allowHttp, true);
        assert.deepEqual(c.corsOrigins, ['https://a.example', 'https://b.example']);
        const over = loadConfig({ config: file, port: '81' }, { SVC_CONFIG: '/nonexistent', SVC_CACHE_MB: '32' });
        assert.deepEqual([over.port, over.cacheMb], [81, 32]);
      },
    ));

  it('a secret key from the environment beats a key file named in svc.toml; both in one source are refused', () =>
    withFile('secret_key_file = "/nonexistent/secret.key"\n', (file) => {
      const key = loadConfig({ config: file }, { SVC_SECRET_KEY: 'x'.repeat(32) }).secretKey;
      assert.ok(key);
      assert.throws(
        () => loadConfig({ config: file }, {}),
        new ConfigError(`${file}:1: secret_key_file /nonexistent/secret.key: ENOENT`),
      );
      assert.throws(
        () => loadConfig({}, { SVC_SECRET_KEY: 'x'.repeat(32), SVC_SECRET_KEY_FILE: '/k' }),
        new ConfigError('SVC_SECRET_KEY e SVC_SECRET_KEY_FILE: use só um dos dois'),
      );
    }));

  it('a real command reads it: svc snapshots lists the data dir svc.toml names', () =>
    withFile('data_dir = "vazio"\n', async (file) => {
      const r = await runSvcInProcess(['snapshots', '--json', '--config', file]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), {
        ok: true,
        atual: null,
        total: 0,
        mais_antigo: null,
        mais_recente: null,
        tamanho_total_bytes: 0,
      });
    }));
});

describe('svc config check: bad files are one line and exit 2', () => {
  const cases: [string, string, (file: string) => string][] = [
    ['an unknown key, with its line', 'port = 1\n\nprot = 2\n', (f) => `${f}:3: chave desconhecida "prot"`],
    ['a table, with its line', 'port = 1\n[server]\nport = 2\n', (f) => `${f}:2: chave desconhecida "server"`],
    ['a bad value, with its line', '# svc\nport = "http"\n', (f) => `${f}:2: port inválida: "http" (use 0 a 65535)`],
    ['a value of another type', 'port = 1.5\n', (f) => `${f}:1: port: use texto, número inteiro`],
    ['bad TOML, with line and column', 'port = [\n', (f) => `${f}:2:1: TOML inválido`],
  ];
  for (const [what, text, message] of cases) {
    it(what, () =>
      withFile(text, async (file) => {
        const r = await runSvcInProcess(['config', 'check', file, '--json']);
        assert.equal(r.code, EXIT.usage);
        assert.equal(r.stderr.split('\n').length, 2, r.stderr);
        assert.ok(r.stderr.startsWith(`svc: ${message(file)}`), r.stderr);
        assert.equal(JSON.parse(r.stdout).erro.codigo, 'uso_invalido');
      }),
    );
  }

  it('a missing file', async () => {
    const r = await runSvcInProcess(['config', 'check', '/nonexistent/svc.toml']);
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stderr, 'svc: arquivo de configuração /nonexistent/svc.toml: não encontrado\n');
  });

  it('a good file lists the keys it sets, and ignores the environment', () =>
    withFile('port = 9000\ndata_dir = "/srv/svc"\n', async (file) => {
      const r = await runSvcInProcess(['config', 'check', file], { env: { PORT: 'http' } });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, `${file}: ok (2 chaves: data_dir, port)\n`);
    }));
});

describe('svc config show', () => {
  it('each setting with its source, secrets masked', () =>
    withFile(
      'port = 9000\nmetrics_token = "abcdefghijklmnopqrstu"\ndatabase_url = "postgres://u:segredo@db:5432/svc"\n',
      async (file, dir) => {
        const r = await runSvcInProcess(['config', 'show', '--json', '--data-dir', dir], {
          env: { SVC_CONFIG: file, SVC_CACHE_MB: '64', SVC_API_KEY: 'svc_live_segredo' },
        });
        assert.equal(r.code, 0, r.stderr);
        const out = JSON.parse(r.stdout) as { arquivo: string; configuracoes: Record<string, unknown>[] };
        assert.equal(out.arquivo, file);
        const by = Object.fromEntries(out.configuracoes.map((s) => [s.chave, s]));
        assert.deepEqual(by.data_dir, { chave: 'data_dir', valor: dir, fonte: 'opção', origem: '--data-dir' });
        assert.deepEqual(by.cache_mb, { chave: 'cache_mb', valor: '64', fonte: 'ambiente', origem: 'SVC_CACHE_MB' });
        assert.deepEqual(by.port, { chave: 'port', valor: '9000', fonte: 'arquivo', origem: `${file}:1` });
        assert.deepEqual(by.host, { chave: 'host', valor: '(todas as interfaces)', fonte: 'padrão', origem: null });
        assert.equal(by.metrics_token?.valor, '***');
        assert.equal(by.api_key?.valor, '***');
        assert.equal(by.database_url?.valor, 'postgres://u:***@db:5432/svc');
        assert.ok(!r.stdout.includes('segredo') && !r.stdout.includes('abcdefghij'));
        const human = await runSvcInProcess(['config', 'show', '--config', file]);
        assert.match(human.stdout, new RegExp(`^port +9000 +arquivo ${file}:1$`, 'm'));
      },
    ));

  it('a bad setting is the same one line as for any command', async () => {
    const r = await runSvcInProcess(['config', 'show'], { env: { PORT: 'http' } });
    assert.equal(r.code, EXIT.usage);
    assert.equal(r.stderr, 'svc: PORT inválida: "http" (use 0 a 65535)\n');
  });
});

it('docs/configuration.md has one row per setting, with its svc.toml key and variable', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
  const rows = doc.split('\n').filter((l) => /^\| [^-|]/.test(l) && !l.startsWith('| setting'));
  const documented = rows.flatMap((row) => {
    const [, , key = '', env = ''] = row.split(' | ');
    const keys = [...key.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    const envs = [...env.matchAll(/`(SVC_\w+?|PORT)(?:=1)?`/g)].map((m) => m[1]);
    return keys.map((k, i) => [k, envs[i] ?? null]);
  });
  const table = documented.filter(([k]) => k !== undefined && SETTINGS.some((s) => s.key === k));
  assert.deepEqual(
    table,
    SETTINGS.map((s) => [s.key, s.env ?? null]),
  );
});
