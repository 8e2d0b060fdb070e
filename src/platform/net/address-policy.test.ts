import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { assertPublicBaseUrl, isPrivateAddress, safeLookup, UnsafeUrlError, type Resolver } from './address-policy.js';

const strict = { allowPrivate: false, allowedHosts: [] };
/** A resolver with fixed answers, so the test does not depend on the machine's DNS. */
const pinned = (answers: Record<string, string[]>): Resolver => async (host) => {
  const list = answers[host];
  if (!list) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.254', '192.168.1.1',
    '169.254.169.254', '169.254.0.1', '0.0.0.0', '100.64.0.1', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fc00::1', 'fd12:3456:789a::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1',
    '64:ff9b::7f00:1', '2002:7f00:1::', '2002:a9fe:a9fe::1', '::127.0.0.1', '2001:0:4136:e378::1',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['1.1.1.1', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'accepts %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses what is not an address at all', () => {
    expect(isPrivateAddress('localhost')).toBe(true);
  });
});

describe('assertPublicBaseUrl', () => {
  const resolver = pinned({ 'api.example.com': ['93.184.216.34'], 'rebind.example.com': ['93.184.216.34', '127.0.0.1'], 'meta.example.com': ['169.254.169.254'], 'v6.example.com': ['::1'] });

  it.each([
    ['http://127.0.0.1:8080/v1', 'private, loopback'],
    ['http://169.254.169.254/latest/meta-data', 'private, loopback'],
    ['http://10.1.2.3/v1', 'private, loopback'],
    ['http://[::1]:11434', 'private, loopback'],
    ['http://[::ffff:127.0.0.1]/', 'private, loopback'],
    ['http://0.0.0.0:80', 'private, loopback'],
    ['http://2130706433/', 'private, loopback'], // 127.0.0.1 as one number: URL parsing normalises it first
    ['http://0x7f.1/', 'private, loopback'],
    ['http://meta.example.com/v1', 'resolves to a private'],
    ['http://rebind.example.com/v1', 'resolves to a private'],
    ['http://v6.example.com/v1', 'resolves to a private'],
    ['http://unknown.example.com/v1', 'could not be resolved'],
    ['ftp://api.example.com/', 'http or https'],
    ['file:///etc/passwd', 'http or https'],
    ['https://user:pass@api.example.com/', 'credentials'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s', async (url, reason) => {
    const error = await assertPublicBaseUrl(url, strict, resolver).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect((error as Error).message).toContain(reason);
  });

  it('refuses a host name the system resolves to loopback (localhost)', async () => {
    await expect(assertPublicBaseUrl('http://localhost:11434/v1', strict)).rejects.toThrow(/private, loopback/);
  });

  it('accepts a public https URL and returns it parsed', async () => {
    const url = await assertPublicBaseUrl('https://api.example.com/v1', strict, resolver);
    expect(url.href).toBe('https://api.example.com/v1');
  });

  it('lets the operator allow private networks, or single hosts', async () => {
    await expect(assertPublicBaseUrl('http://127.0.0.1:11434', { allowPrivate: true, allowedHosts: [] })).resolves.toBeInstanceOf(URL);
    await expect(assertPublicBaseUrl('http://localhost:11434', { allowPrivate: false, allowedHosts: ['localhost'] })).resolves.toBeInstanceOf(URL);
    await expect(assertPublicBaseUrl('http://[::1]:11434', { allowPrivate: false, allowedHosts: ['::1'] })).resolves.toBeInstanceOf(URL);
    // An allowance for one host is not an allowance for another.
    await expect(assertPublicBaseUrl('http://10.0.0.1', { allowPrivate: false, allowedHosts: ['localhost'] })).rejects.toThrow(UnsafeUrlError);
    // Even allowed, the scheme rule stands.
    await expect(assertPublicBaseUrl('gopher://127.0.0.1', { allowPrivate: true, allowedHosts: [] })).rejects.toThrow(/http or https/);
  });
});

describe('safeLookup (connect time)', () => {
  const lookup = (policy: typeof strict, host: string) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      safeLookup(policy)(host, { all: false }, (error, address) => resolve({ error, address })),
    );

  it('refuses a host that resolves to loopback when the connection is made', async () => {
    const { error } = await lookup(strict, 'localhost');
    expect(error).toBeInstanceOf(UnsafeUrlError);
  });

  it('answers normally when the operator allows private addresses', async () => {
    const { error, address } = await lookup({ allowPrivate: true, allowedHosts: [] }, 'localhost');
    expect(error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(address);
  });
});
