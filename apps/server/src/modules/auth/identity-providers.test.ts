import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';

/** A real OIDC-style key server on loopback: the provider's JWKS and tokens signed with its key. */
describe('sign-up through an external identity provider', () => {
  let jwks: Server;
  let issuer: string;
  let key: CryptoKey;
  let t: TestApp;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}`;
    t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'harbor-test' });
  });
  afterAll(async () => {
    await t.close();
    jwks.close();
  });

  const idToken = (claims: Record<string, unknown>, aud = 'harbor-test') =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience(aud).setSubject('ext-42').setExpirationTime('5m').sign(key);

  const body = {
    firstName: 'Ilkka',
    lastName: 'Idp',
    email: 'ilkka@idp.example',
    phone: '+358 50 111 2222',
    companyName: 'Idp Oy',
    businessId: '7654321-0',
    webAddress: 'https://idp.example',
    defaultPort: 'FITKU',
    roles: ['Seller'],
    idpId: 'oidc',
  };

  it('creates a pending user from a verified ID token', async () => {
    const token = await idToken({ email: 'ilkka@idp.example', email_verified: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/create-user-with-idp', payload: { ...body, idpToken: token } });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({ status: 'pending' });
  });

  it('refuses forged, foreign or mismatched tokens', async () => {
    const otherAud = await idToken({ email: 'x@idp.example' }, 'someone-else');
    const r1 = await t.app.inject({ method: 'POST', url: '/api/auth/create-user-with-idp', payload: { ...body, email: 'x@idp.example', idpToken: otherAud } });
    expect(json(r1)).toMatchObject({ apiErrors: [{ code: 'invalid-token', status: 400 }] });
    const mismatch = await idToken({ email: 'someone@idp.example' });
    const r2 = await t.app.inject({ method: 'POST', url: '/api/auth/create-user-with-idp', payload: { ...body, email: 'y@idp.example', idpToken: mismatch } });
    expect(json(r2)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params' }] });
    const r3 = await t.app.inject({ method: 'POST', url: '/api/auth/create-user-with-idp', payload: { ...body, idpId: 'nope', idpToken: 'x' } });
    expect(json(r3)).toMatchObject({ apiErrors: [{ code: 'validation-invalid-params', meta: { invalidParams: [{ path: 'body.idpId' }] } }] });
  });
});
