import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/harness.ts';
import { invalidMessages, multipart, png, tokens } from '../listings/test-helpers.ts';

type Org = {
  id: string;
  name: string;
  operatingPorts: string[];
  logo: { variants: Record<string, { url: string }> } | null;
  miniIcon: unknown;
  mainImage: unknown;
  listings: { id: string }[];
};

const profile = {
  name: 'Vuosaari Port Services Oy',
  businessId: '2345678-9',
  shortDescription: 'Mooring and launches.',
  longDescription: 'Mooring, line handling and launch services in Vuosaari.',
  street: 'Satamatie 1',
  postalCode: '00980',
  city: 'Helsinki',
  country: 'Finland',
  email: 'Info@Vuosaari.example.fi',
  phone: '+358 40 123 4567',
  websiteUrl: 'vuosaari.example.fi',
};

describe('organizations', () => {
  let t: TestApp;
  let auth: Awaited<ReturnType<typeof tokens>>;
  let sellerOrg: string;
  let buyerOrg: string;
  beforeAll(async () => {
    t = await createTestApp({}, { marketplace: true });
    auth = await tokens(t.app);
    const me = (h: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: h });
    sellerOrg = json<{ organization: { id: string } }>(await me(auth.seller)).organization.id;
    buyerOrg = json<{ organization: { id: string } }>(await me(auth.buyer)).organization.id;
  });
  afterAll(() => t.close());

  const save = async (orgId: string, headers: Record<string, string>, fields: Record<string, string>, files: { field: string; data: Buffer }[] = []) => {
    const body = multipart(files, fields);
    return t.app.inject({ method: 'POST', url: `/v1/marketplace/organizations/${orgId}/profile`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('shows an organization with its fields and published listings', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/marketplace/organizations/${sellerOrg}` });
    expect(res.statusCode).toBe(200);
    const org = json<Org>(res);
    expect(org).toMatchObject({ id: sellerOrg, name: 'Vuosaari Port Services', operatingPorts: ['FIVSS', 'FIHEL'] });
    expect(org.logo?.variants['listing-card']?.url).toMatch(/^\/uploads\/seed\//);
    expect(org.listings.length).toBeGreaterThanOrEqual(8);
    expect((await t.app.inject({ method: 'GET', url: '/v1/marketplace/organizations/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('saves the profile for members only, with a logo required unless already set', async () => {
    const updated = await save(sellerOrg, auth.seller, profile);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json(updated)).toMatchObject({ name: 'Vuosaari Port Services Oy', email: 'info@vuosaari.example.fi', websiteUrl: 'https://vuosaari.example.fi', address: { city: 'Helsinki' } });

    const noLogo = await save(buyerOrg, auth.buyer, profile);
    expect(noLogo.statusCode).toBe(400);
    expect(invalidMessages(noLogo)).toEqual([{ path: 'body.logoImage', message: 'organizations:validation.logoRequired' }]);
    const withLogo = await save(buyerOrg, auth.buyer, { ...profile, name: 'Baltic Shipping Agency' }, [
      { field: 'logoImage', data: await png(300, 300) },
      { field: 'iconImage', data: await png(64, 64) },
    ]);
    expect(withLogo.statusCode, withLogo.body).toBe(200);
    const org = json<Org>(withLogo);
    expect(org.logo).not.toBeNull();
    expect(org.miniIcon).not.toBeNull();
    expect(org.mainImage).toBeNull();

    expect((await save(sellerOrg, auth.buyer, profile)).statusCode).toBe(403);
    expect((await save(buyerOrg, auth.limited, profile)).statusCode).toBe(403);
    expect((await save(sellerOrg, {}, profile)).statusCode).toBe(401);
  });

  it('validates the profile fields', async () => {
    const res = await save(sellerOrg, auth.seller, { ...profile, name: '  ', email: 'nope', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(invalidMessages(res)).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'validation.required' },
        { path: 'body.email', message: 'validation.email' },
        { path: 'body.phone', message: 'validation.phone' },
      ]),
    );
    const broken = await save(sellerOrg, auth.seller, profile, [{ field: 'logoImage', data: Buffer.from('not an image') }]);
    expect(invalidMessages(broken)[0]?.message).toBe('images:errors.couldNotRead');
  });

  it('keeps port offices; members create and update them', async () => {
    const url = `/v1/marketplace/organizations/${sellerOrg}/ports`;
    const body = { port: 'fikok', city: 'Kokkola', street: 'Satamakatu 5', zip: '67900', email: 'kokkola@vuosaari.example.fi', phone: '+358 6 123 456', lat: 63.86, lon: 23.04, hideMap: false, officeAddress: 'Satamakatu 5, Kokkola' };
    const created = await t.app.inject({ method: 'POST', url, headers: auth.seller, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const port = json<{ id: string; port: string }>(created);
    expect(port.port).toBe('FIKOK');
    expect((await t.app.inject({ method: 'POST', url, headers: auth.buyer, payload: body })).statusCode).toBe(403);
    const put = await t.app.inject({ method: 'PUT', url: `${url}/${port.id}`, headers: auth.seller, payload: { ...body, hideMap: true } });
    expect(json(put)).toMatchObject({ id: port.id, hideMap: true });
    expect((await t.app.inject({ method: 'PUT', url: `${url}/${port.id}`, headers: auth.buyer, payload: body })).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'PUT', url: `${url}/00000000-0000-4000-8000-000000000000`, headers: auth.seller, payload: body });
    expect(missing.statusCode).toBe(404);
    const list = json<{ data: { id: string; email: string | null }[] }>(await t.app.inject({ method: 'GET', url, headers: auth.buyer }));
    expect(list.data.find((p) => p.id === port.id)?.email).toBe('kokkola@vuosaari.example.fi');
    const org = json<Org>(await t.app.inject({ method: 'GET', url: `/v1/marketplace/organizations/${sellerOrg}` }));
    expect(org.operatingPorts).toContain('FIKOK');
  });

  it("anonymous organization detail gives a seller's public profile only: no contact fields, and buyers' organizations are 404", async () => {
    const url = `/v1/marketplace/organizations/${sellerOrg}`;
    const anonymous = json<Org & Record<string, unknown>>(await t.app.inject({ method: 'GET', url }));
    expect(anonymous).toMatchObject({ id: sellerOrg, name: expect.any(String), shortDescription: expect.any(String), operatingPorts: expect.arrayContaining(['FIVSS']) });
    expect(anonymous.logo).not.toBeNull();
    expect(anonymous.listings.length).toBeGreaterThan(0);
    expect(anonymous).toMatchObject({
      businessId: null,
      email: null,
      phone: null,
      websiteUrl: null,
      lat: null,
      lon: null,
      address: { street: null, postalCode: null, city: null, country: null },
    });
    const signedIn = json<Record<string, unknown>>(await t.app.inject({ method: 'GET', url, headers: auth.buyer }));
    expect(signedIn).toMatchObject({ businessId: expect.any(String), email: expect.any(String), phone: expect.any(String), address: { city: expect.any(String) } });

    const buyerUrl = `/v1/marketplace/organizations/${buyerOrg}`;
    expect(json(await t.app.inject({ method: 'GET', url: buyerUrl }))).toEqual({ apiErrors: [{ code: 'not-found', status: 404, meta: {} }] });
    expect((await t.app.inject({ method: 'GET', url: `${buyerUrl}/ports` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: buyerUrl, headers: auth.seller })).statusCode).toBe(200);

    const ports = json<{ data: Record<string, unknown>[] }>(await t.app.inject({ method: 'GET', url: `${url}/ports` })).data;
    for (const port of ports) expect(port).toMatchObject({ email: null, phone: null });
  });

  it("lists a port's organizations only for a signed-in user", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/marketplace/organizations?port=FITKU' });
    expect(json(anonymous)).toEqual({ data: [] });
    const res = await t.app.inject({ method: 'GET', url: '/v1/marketplace/organizations?port=FITKU', headers: auth.buyer });
    const names = json<{ data: Org[] }>(res).data.map((o) => o.name);
    expect(names).toContain('Turku Marine Supply Oy');
    expect(names).not.toContain('Oulu Arctic Port Agency Oy');
  });
});
