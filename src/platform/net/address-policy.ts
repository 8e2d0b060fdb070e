import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * A tenant-supplied URL (a provider base URL today; SSO issuers and JWKS later) makes the service send requests
 * wherever it points, so it must not reach the service's own network: loopback, private ranges, link-local (cloud metadata at
 * 169.254.169.254), unique-local IPv6, and the IPv6 spellings of all of those. The check resolves the host and
 * refuses if ANY address is non-public. It runs when the URL is saved and again before each connection (DNS may
 * have changed since); `safeLookup` lets an HTTP agent apply it to the very address it connects to; `guarded-fetch.ts` is the one client that
 * does so for every outbound request to such a URL.
 */

export interface UrlPolicy {
  /** The operator lets this kind of URL reach private networks (PROVIDER_ALLOW_PRIVATE_URLS: e.g. Ollama). */
  allowPrivate: boolean;
  /** Host names (lower-case) exempt from the address check (PROVIDER_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated) forms
  ['100::', 64], // discard
  ['2001::', 32], // Teredo tunnels hide the real destination
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

function hextets(address: string): number[] | null {
  // Expand "::" and a trailing dotted quad so the embedded IPv4 of mapped, NAT64 and 6to4 forms can be read.
  let text = address.toLowerCase().split('%')[0];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad[1].split('.').map(Number);
    text = text.slice(0, -quad[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const parts = [...left, ...Array(fill).fill('0'), ...right].map((h) => parseInt(h, 16));
  return parts.length === 8 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? parts : null;
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address stands for (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(address: string): string | null {
  const h = hextets(address);
  if (!h) return null;
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return v4(h[6], h[7]);
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((x) => x === 0)) return v4(h[6], h[7]);
  if (h[0] === 0x2002) return v4(h[1], h[2]);
  return null;
}

/** True for any address a provider call must not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const inner = embeddedIpv4(address);
  if (inner) return blocked.check(inner, 'ipv4');
  return blocked.check(address.split('%')[0], 'ipv6');
}

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

function parse(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('base_url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError('base_url must use http or https');
  // Credentials in the URL would be sent along and show up wherever the URL is displayed.
  if (url.username || url.password) throw new UnsafeUrlError('base_url must not contain credentials');
  return url;
}

/**
 * localhost, *.localhost (RFC 6761), 127.0.0.0/8 and ::1: the hosts a development setting may open to plain http (app
 * manifests' URLs, webhook endpoints). Only the scheme rule asks this; the address check above still applies.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

export function exempt(host: string, policy: UrlPolicy): boolean {
  return policy.allowPrivate || policy.allowedHosts.includes(host);
}

/**
 * Returns the parsed URL when it may be used as a provider base URL, else throws UnsafeUrlError with a reason fit for
 * the caller (it names the host, never a resolved internal address).
 */
export async function assertPublicBaseUrl(raw: string, policy: UrlPolicy, resolve: Resolver = systemResolver): Promise<URL> {
  const url = parse(raw);
  const host = bareHost(url);
  if (exempt(host, policy)) return url;
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new UnsafeUrlError(`base_url host ${host} is a private, loopback or link-local address`);
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new UnsafeUrlError(`base_url host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`base_url host ${host} could not be resolved`);
  if (addresses.some((a) => isPrivateAddress(a.address))) {
    throw new UnsafeUrlError(`base_url host ${host} resolves to a private, loopback or link-local address`);
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `net.connect` / HTTP agents (node:http Agent, undici `connect.lookup`) that refuses non-public
 * answers at connect time, closing the gap between the check and the connection (DNS rebinding).
 */
export function safeLookup(policy: UrlPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    dnsLookup(hostname, { ...opts, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      const host = hostname.toLowerCase();
      const bad = !exempt(host, policy) && addresses.some((a) => isPrivateAddress(a.address));
      if (bad) {
        const refused = Object.assign(new UnsafeUrlError(`${hostname} resolves to a non-public address`), { code: 'EPROVIDERADDR' });
        return callback(refused, []);
      }
      if (opts.all) return callback(null, addresses);
      const first = addresses[0];
      return callback(null, first.address, first.family);
    });
  };
}
