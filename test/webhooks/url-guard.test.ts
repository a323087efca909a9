import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { blockedAddressReason, checkUrl, checkUrlSyntax } from '../../src/webhooks/url-guard.js';
import { Sender } from '../../src/webhooks/sender.js';

const STRICT = { allowPrivate: false };
const publicResolver = async (): Promise<string[]> => ['93.184.216.34'];

async function refused(url: string, message: string, resolve = publicResolver): Promise<void> {
  await assert.rejects(checkUrl(url, STRICT, resolve), { name: 'BlockedUrlError', message });
}

describe('URL guard at create/update', () => {
  it('accepts HTTPS to a public name and to a public IPv4/IPv6 literal', async () => {
    assert.equal((await checkUrl('https://hooks.example.com/x', STRICT, publicResolver)).hostname, 'hooks.example.com');
    assert.equal((await checkUrl('https://93.184.216.34/x', STRICT)).hostname, '93.184.216.34');
    assert.equal((await checkUrl('https://[2606:2800:220:1::1]/x', STRICT)).hostname, '[2606:2800:220:1::1]');
  });

  it('rejects non-HTTPS and malformed URLs', async () => {
    await refused('http://hooks.example.com/x', 'a URL deve usar HTTPS');
    await refused('ftp://hooks.example.com/x', 'a URL deve usar HTTPS');
    await refused('not a url', 'a URL não é válida');
    await refused('https://user:pw@hooks.example.com/', 'a URL não pode conter usuário ou senha');
  });

  const cases: [string, string, string][] = [
    ['private 10/8', 'https://10.1.2.3/', '10.1.2.3 não é um endereço público'],
    ['private 172.16/12', 'https://172.20.0.1/', '172.20.0.1 não é um endereço público'],
    ['private 192.168/16', 'https://192.168.1.1/', '192.168.1.1 não é um endereço público'],
    ['loopback', 'https://127.0.0.1/', '127.0.0.1 não é um endereço público'],
    ['IPv6 loopback', 'https://[::1]/', '::1 não é um endereço público'],
    ['link-local', 'https://169.254.10.10/', '169.254.10.10 não é um endereço público'],
    ['IPv6 link-local', 'https://[fe80::1]/', 'fe80::1 não é um endereço público'],
    ['metadata', 'https://169.254.169.254/latest/meta-data', '169.254.169.254 é o endereço de metadados da nuvem'],
    ['IPv6 metadata', 'https://[fd00:ec2::254]/', 'fd00:ec2::254 é o endereço de metadados da nuvem'],
    ['CGNAT', 'https://100.64.0.1/', '100.64.0.1 não é um endereço público'],
    ['IPv4-mapped IPv6', 'https://[::ffff:8.8.8.8]/', '::ffff:808:808 é um endereço IPv4 mapeado em IPv6'],
    ['unspecified', 'https://0.0.0.0/', '0.0.0.0 não é um endereço público'],
    ['decimal IPv4', 'https://2130706433/', 'o host 2130706433 é um endereço IPv4 em notação não padrão'],
    ['decimal public IPv4', 'https://134744072/', 'o host 134744072 é um endereço IPv4 em notação não padrão'],
    ['octal IPv4', 'https://0177.0.0.1/', 'o host 0177.0.0.1 é um endereço IPv4 em notação não padrão'],
    ['hex IPv4', 'https://0x7f.0.0.1/', 'o host 0x7f.0.0.1 é um endereço IPv4 em notação não padrão'],
    ['localhost', 'https://localhost/', 'o host localhost não é um host público'],
    ['single-label name', 'https://intranet/', 'o host intranet não é um host público'],
  ];
  for (const [label, url, message] of cases) {
    it(`rejects ${label}`, async () => refused(url, message));
  }

  it('rejects a name resolving to a private address (any of its addresses)', async () => {
    await refused(
      'https://evil.example.com/',
      'o host evil.example.com resolve para 10.0.0.5 não é um endereço público',
      async () => ['93.184.216.34', '10.0.0.5'],
    );
    await refused(
      'https://meta.example.com/',
      'o host meta.example.com resolve para 169.254.169.254 é o endereço de metadados da nuvem',
      async () => ['169.254.169.254'],
    );
  });

  it('rejects a name that does not resolve', async () => {
    await refused('https://nx.example.com/', 'o host nx.example.com não pôde ser resolvido', async () => {
      throw new Error('ENOTFOUND');
    });
  });

  it('allows plain HTTP and loopback only with the development flag', async () => {
    assert.equal(checkUrlSyntax('http://127.0.0.1:9000/hook', { allowPrivate: true }).port, '9000');
    assert.throws(() => checkUrlSyntax('http://127.0.0.1:9000/hook', STRICT), { message: 'a URL deve usar HTTPS' });
  });

  it("the demo's sandbox: plain HTTP to this machine only, never to another private address", async () => {
    const sandbox = { allowPrivate: false, allowLoopback: true };
    for (const url of [
      'http://127.0.0.1:9000/',
      'http://localhost:9000/hook',
      'http://[::1]:9000/',
      'https://127.0.0.2/',
    ])
      assert.ok(await checkUrl(url, sandbox, async () => ['127.0.0.1']), url);
    for (const [url, message] of [
      ['http://10.0.0.5/', 'a URL deve usar HTTPS'],
      ['https://10.0.0.5/', '10.0.0.5 não é um endereço público'],
      ['https://169.254.169.254/', '169.254.169.254 é o endereço de metadados da nuvem'],
      ['http://0x7f.1:9000/', 'a URL deve usar HTTPS'],
      ['https://0x7f.1:9000/', 'o host 0x7f.1 é um endereço IPv4 em notação não padrão'],
    ] as const)
      await assert.rejects(checkUrl(url, sandbox, publicResolver), { name: 'BlockedUrlError', message }, url);
    // A public name that resolves to this machine is still refused at create time: only local names are local.
    await assert.rejects(
      checkUrl('https://rebind.example.com/', sandbox, async () => ['127.0.0.1']),
      {
        message: 'o host rebind.example.com resolve para 127.0.0.1 não é um endereço público',
      },
    );
  });

  it('classifies addresses', () => {
    assert.equal(blockedAddressReason('8.8.8.8'), null);
    assert.equal(blockedAddressReason('2001:4860:4860::8888'), null);
    assert.equal(blockedAddressReason('fc00::1'), 'fc00::1 não é um endereço público');
    assert.equal(blockedAddressReason('nope'), 'nope não é um endereço IP');
  });
});

describe('URL guard at connect time', () => {
  it('refuses a name that resolves to loopback now (DNS rebinding): no request reaches the server', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    // The name passed the create-time check (public answer); now DNS answers loopback, as in a rebinding.
    const url = `https://rebind.example.com:${port}/hook`;
    assert.ok(await checkUrl(url, STRICT, publicResolver));
    const sender = new Sender({ allowPrivate: false, resolve: async () => ['127.0.0.1'] });
    try {
      const result = await sender.send(url, '{}', {});
      assert.equal(result.bloqueada, true);
      assert.equal(result.statusCode, null);
      assert.equal(
        result.erro,
        'URL bloqueada: o host rebind.example.com resolve para 127.0.0.1 não é um endereço público',
      );
      assert.equal(hits, 0);
    } finally {
      sender.close();
      server.close();
    }
  });
});
