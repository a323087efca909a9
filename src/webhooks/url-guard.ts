import dns from 'node:dns';
import net, { BlockList } from 'node:net';

/** Why a webhook URL or the address it resolved to may not be used (Portuguese, shown to customers). */
export class BlockedUrlError extends Error {
  override name = 'BlockedUrlError';
}

export interface GuardOptions {
  /** Local development only (`--allow-private-urls`): plain HTTP and private/loopback receivers. */
  allowPrivate: boolean;
  /** The demo's sandbox: plain HTTP to this machine only (localhost, 127.0.0.0/8, ::1); nothing else private. */
  allowLoopback?: boolean;
}

/** localhost names and loopback addresses, written in their standard form. */
function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isLoopbackAddress(host);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopbackAddress(address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Address ranges a webhook may never reach: not the public internet. One list per family: a BlockList
 * holding IPv6 ranges such as ::/96 would also match every IPv4 address.
 */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(net6, prefix, 'ipv6');
}

/** The reason an IP address is refused, or null when it is a public unicast address. */
export function blockedAddressReason(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return `${address} não é um endereço IP`;
  if (family === 6 && /^::ffff:/i.test(address)) return `${address} é um endereço IPv4 mapeado em IPv6`;
  if (family === 4 && address === '169.254.169.254') return `${address} é o endereço de metadados da nuvem`;
  if (family === 6 && /^fd00:ec2::254$/i.test(address)) return `${address} é o endereço de metadados da nuvem`;
  if (family === 4 ? BLOCKED_V4.check(address, 'ipv4') : BLOCKED_V6.check(address, 'ipv6'))
    return `${address} não é um endereço público`;
  return null;
}

/** The host exactly as written in the URL (before WHATWG normalisation turns 0x7f.1 into 127.0.0.1). */
function rawHost(raw: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(raw.trim());
  return (m?.[1] ?? '').toLowerCase();
}

/**
 * The checks that need no DNS: scheme, and IP literals (a URL with an IP host never reaches `lookup`).
 * Returns the parsed URL.
 */
export function checkUrlSyntax(raw: string, opts: GuardOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('a URL não é válida');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = opts.allowLoopback === true && isLoopbackHost(host) && rawHost(raw).replace(/^\[|\]$/g, '') === host;
  if (url.protocol !== 'https:' && !((opts.allowPrivate || loopback) && url.protocol === 'http:')) {
    throw new BlockedUrlError('a URL deve usar HTTPS');
  }
  if (url.username || url.password) throw new BlockedUrlError('a URL não pode conter usuário ou senha');
  if (opts.allowPrivate || loopback) return url;
  if (net.isIPv4(host) && rawHost(raw) !== host) {
    // Decimal, octal or hex forms exist only to slip past filters; nobody registers a webhook that way.
    throw new BlockedUrlError(`o host ${rawHost(raw)} é um endereço IPv4 em notação não padrão`);
  }
  if (net.isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) throw new BlockedUrlError(reason);
  } else if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    throw new BlockedUrlError(`o host ${host} não é um host público`);
  }
  return url;
}

export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Full check at create/update time: syntax, then every address the name resolves to must be public. */
export async function checkUrl(raw: string, opts: GuardOptions, resolve: Resolver = systemResolver): Promise<URL> {
  const url = checkUrlSyntax(raw, opts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (opts.allowPrivate || net.isIP(host) || (opts.allowLoopback && isLoopbackHost(host))) return url;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new BlockedUrlError(`o host ${host} não pôde ser resolvido`);
  }
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) throw new BlockedUrlError(`o host ${host} resolve para ${reason}`);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the HTTP agent: the socket connects to exactly the address checked here, so a name that
 * resolves to a public address at create time and to 169.254.169.254 now (DNS rebinding) is refused.
 */
export function guardedLookup(opts: GuardOptions, resolve: Resolver = systemResolver) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (found) => {
        const addresses = found.map((address) => ({ address, family: net.isIP(address) }));
        if (!opts.allowPrivate) {
          for (const a of addresses) {
            if (opts.allowLoopback && isLoopbackAddress(a.address)) continue;
            const reason = blockedAddressReason(a.address);
            if (reason)
              return callback(
                Object.assign(new BlockedUrlError(`o host ${hostname} resolve para ${reason}`), { code: 'EBLOCKED' }),
                [],
              );
          }
        }
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first)
          return callback(Object.assign(new Error(`sem endereço para ${hostname}`), { code: 'ENOTFOUND' }), []);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}
