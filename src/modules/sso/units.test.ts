import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../platform/context.js';
import { SecretDecryptionError } from '../../platform/sealing.js';
import { carriesBinding, hashBinding, newBinding } from './browser-binding.js';
import { effectiveIssuer, issuerShapeProblem } from './issuer-url.js';
import { checkNextUrl, checkRedirectUri } from './return-urls.js';
import { openClientSecret, openVerifier, sealClientSecret, sealVerifier, secretHint } from './sealed.js';

/** The pure parts of SSO, without a service: URL rules, sealing, the browser binding, log redaction. */

const policy = { publicBaseUrl: 'https://kb.example.test/base', registeredRedirectUris: ['https://app.example.test/cb'], firstPartyOrigins: ['https://kb.example.test', 'https://app.example.test'] };
const ring = { encryptionKey: randomBytes(32), encryptionKeyVersion: 3 };
const TENANT = '6f1d0a52-4a3f-4d0e-9a51-0f6f7b1c2d3e';
const PROVIDER = 'a0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e';

describe('return URLs', () => {
  it('redirect_uri: exactly our callback under PUBLIC_BASE_URL (path included) or a registered one', () => {
    expect(checkRedirectUri('https://kb.example.test/base/api/auth/sso/idp/callback', policy)).toBe('https://kb.example.test/base/api/auth/sso/idp/callback');
    expect(checkRedirectUri('https://app.example.test/cb', policy)).toBe('https://app.example.test/cb');
    for (const bad of ['https://kb.example.test/api/auth/sso/idp/callback', 'https://app.example.test/cb/', 'https://app.example.test/cb?x', 'HTTPS://app.example.test/cb']) {
      expect(() => checkRedirectUri(bad, policy), bad).toThrow(/redirect_uri/);
    }
  });

  it('next_url: a path stays on our origin; a URL must be first-party', () => {
    expect(checkNextUrl(undefined, policy)).toBe('/');
    expect(checkNextUrl('', policy)).toBe('/');
    expect(checkNextUrl('/a/b?c=d#e', policy)).toBe('/a/b?c=d#e');
    expect(checkNextUrl('https://app.example.test/x', policy)).toBe('https://app.example.test/x');
    for (const bad of ['//evil.test', '/\\evil.test', 'https://evil.test', 'javascript:alert(1)', 'vbscript:x', 'http://kb.example.test/', '/%0d%0a\n', '\u2028/x']) {
      expect(() => checkNextUrl(bad, policy), JSON.stringify(bad)).toThrow(/next_url/);
    }
  });
});

describe('issuers', () => {
  it('names what is wrong with an issuer', () => {
    expect(issuerShapeProblem('https://login.microsoftonline.com/{tenantid}/v2.0', false)).toBeNull();
    expect(issuerShapeProblem('http://127.0.0.1:8080', false)).toMatch(/SSO_ALLOW_HTTP_ISSUERS/);
    expect(issuerShapeProblem('http://127.0.0.1:8080', true)).toBeNull();
    expect(issuerShapeProblem('https://idp.test/.well-known/openid-configuration', false)).toMatch(/discovery document/);
  });

  it('completes "{tenantid}" with a recorded IdP tenant, and only with a well-formed one', () => {
    expect(effectiveIssuer('https://idp.test', null)).toBe('https://idp.test');
    expect(effectiveIssuer('https://idp.test/{tenantid}/v2.0', null)).toBeNull();
    expect(effectiveIssuer('https://idp.test/{tenantid}/v2.0', 'abc-123')).toBe('https://idp.test/abc-123/v2.0');
    expect(effectiveIssuer('https://idp.test/{tenantid}/v2.0', '../evil')).toBeNull();
  });
});

describe('sealing', () => {
  it('a client secret opens only on its own tenant and provider; a verifier only with its own state', () => {
    const sealed = sealClientSecret(ring, TENANT, PROVIDER, 'the-secret-value');
    expect(sealed.startsWith('v3.')).toBe(true);
    expect(sealed).not.toContain('the-secret');
    expect(openClientSecret(ring, TENANT, PROVIDER, sealed)).toBe('the-secret-value');
    expect(() => openClientSecret(ring, PROVIDER, PROVIDER, sealed)).toThrow(SecretDecryptionError);
    expect(() => openClientSecret(ring, TENANT, TENANT, sealed)).toThrow(SecretDecryptionError);
    const verifier = sealVerifier(ring, TENANT, 'hash-a', 'verifier');
    expect(openVerifier(ring, TENANT, 'hash-a', verifier)).toBe('verifier');
    expect(() => openVerifier(ring, TENANT, 'hash-b', verifier)).toThrow(SecretDecryptionError);
    // A client secret is not a verifier, even byte for byte on the same tenant.
    expect(() => openVerifier(ring, TENANT, PROVIDER, sealed)).toThrow(SecretDecryptionError);
  });

  it('hints at a secret without showing it', () => {
    expect(secretHint('kb-sso-client-secret-0123456789')).toBe('…6789');
    expect(secretHint('short')).toBe('…');
  });
});

describe('browser binding and logs', () => {
  it('only the binding cookie the state stored matches', () => {
    const { value, setCookie } = newBinding(600, true);
    expect(setCookie).toBe(`sso_binding=${value}; Path=/api/auth/sso/idp; HttpOnly; SameSite=Lax; Max-Age=600; Secure`);
    expect(carriesBinding({ cookie: `a=b; sso_binding=${value}` }, hashBinding(value))).toBe(true);
    expect(carriesBinding({ cookie: 'sso_binding=other' }, hashBinding(value))).toBe(false);
    expect(carriesBinding({}, hashBinding(value))).toBe(false);
    expect(carriesBinding({ cookie: `sso_binding=${value}` }, null)).toBe(false);
  });

  it("the IdP's code never reaches a log line", () => {
    expect(redactUrl('/api/auth/sso/idp/callback?state=s&code=SECRETCODE&iss=x')).toBe('/api/auth/sso/idp/callback?state=s&code=[redacted]&iss=x');
  });
});
