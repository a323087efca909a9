import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { REPO_ROOT } from '../kit/fixtures.js';
import { tempDir } from '../kit/dirs.js';

const UNITS = path.join(REPO_ROOT, 'deploy/systemd');

/** Why a tool is missing here (printed by the skipped test), or false when `cmd` runs. */
function missing(cmd: string, args: string[], install: string): string | false {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.error ? `${cmd} não está instalado (${install}); teste pulado` : false;
}

const services = readdirSync(UNITS).filter((f) => f.endsWith('.service'));

it('the shipped units are the four services and the timer', () => {
  assert.deepEqual(readdirSync(UNITS).sort(), [
    'svc-ingest-resident.service',
    'svc-ingest.service',
    'svc-ingest.timer',
    'svc-serve.service',
    'svc-webhooks.service',
    'svc.sysusers.conf',
  ]);
});

it('every service is hardened: its own user, a read-only system but the data dir, no new privileges', () => {
  for (const unit of services) {
    const text = readFileSync(path.join(UNITS, unit), 'utf8');
    for (const line of [
      'User=svc',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/srv/svc',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'CapabilityBoundingSet=',
      'Environment=SVC_CONFIG=/etc/svc/svc.toml',
    ])
      assert.ok(text.split('\n').includes(line), `${unit}: ${line}`);
  }
});

/**
 * `systemd-analyze verify` on the units of `dir`: its exit status, and every line it printed about them. It reports
 * bad keys and values on stderr and still exits 0, so any line naming one of the units is a fault.
 */
function verifyUnits(dir: string): { status: number | null; faults: string[] } {
  const units = readdirSync(dir).filter((f) => /\.(service|timer)$/.test(f));
  const r = spawnSync('systemd-analyze', ['verify', '--man=no', ...units.map((f) => path.join(dir, f))], {
    encoding: 'utf8',
  });
  return { status: r.status, faults: r.stderr.split('\n').filter((l) => units.some((u) => l.includes(u))) };
}

it("the serve unit bounds glibc's arenas (read at process start: only the environment can set it)", () => {
  const lines = readFileSync(path.join(UNITS, 'svc-serve.service'), 'utf8').split('\n');
  assert.ok(lines.includes('Environment=MALLOC_ARENA_MAX=2'));
});

const noSystemdAnalyze = missing('systemd-analyze', ['--version'], 'apt-get install systemd');

it('systemd-analyze verify accepts every unit without a warning', { skip: noSystemdAnalyze }, () => {
  assert.deepEqual(verifyUnits(UNITS), { status: 0, faults: [] });
});

it('the same check reports a misspelt key, a bad value and a missing command', { skip: noSystemdAnalyze }, () => {
  const { dir, cleanup } = tempDir('svc-units-');
  try {
    const broken: [string, string, string][] = [
      ['svc-serve.service', 'NoNewPrivileges=yes', 'NoNewPrivilegs=yes'],
      ['svc-webhooks.service', 'ProtectSystem=strict', 'ProtectSystem=estrito'],
      ['svc-ingest.service', 'ExecStart=/usr/bin/env svc', 'ExecStart=/nao/existe/svc'],
    ];
    for (const [unit, line, typo] of broken) {
      cpSync(UNITS, dir, { recursive: true });
      const file = path.join(dir, unit);
      const text = readFileSync(file, 'utf8');
      assert.ok(text.includes(line), `${unit}: ${line}`);
      writeFileSync(file, text.replace(line, typo));
      const r = verifyUnits(dir);
      assert.ok(r.status !== 0 || r.faults.length > 0, `${unit} with ${typo}: ${JSON.stringify(r)}`);
      assert.ok(
        r.faults.some((l) => l.includes(unit)),
        `${unit} with ${typo}: ${r.faults.join(' | ')}`,
      );
    }
  } finally {
    cleanup();
  }
});

it('nginx -t accepts deploy/nginx.conf (with a throwaway certificate)', {
  skip: missing('nginx', ['-v'], 'apt-get install nginx-light'),
}, () => {
  const { dir, cleanup } = tempDir('svc-nginx-');
  try {
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const ssl = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=api.example.com',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(ssl.status, 0, ssl.stderr);
    const site = readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/api\.example\.com\/fullchain\.pem/, cert)
      .replace(/\/etc\/letsencrypt\/live\/api\.example\.com\/privkey\.pem/, key);
    writeFileSync(path.join(dir, 'svc.conf'), site);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n  include ${dir}/svc.conf;\n}\n`,
    );
    const r = spawnSync(
      'nginx',
      ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /test is successful/);
    assert.match(site, /location \/v1\/stream \{[^}]*proxy_buffering off;/);
  } finally {
    cleanup();
  }
});
