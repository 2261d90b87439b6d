import {
  OrgRole,
  type ImageAsset,
  type OrganizationImageField,
  type OrganizationPortBody,
  type OrganizationProfileFields,
} from '@harbor/contracts';
import type { AppContext } from '../../context.ts';
import { forbidden, invalidParams, notFound } from '../../plugins/errors.ts';
import type { AccessToken } from '../auth/index.ts';
import { findImageAssets, storeImage, type ImagePurpose } from '../images/index.ts';
import { searchListings } from '../listings/index.ts';
import * as repo from './organizations.repository.ts';

type Auth = Pick<AccessToken, 'sub' | 'org'>;
export type ProfileImages = Partial<Record<OrganizationImageField, Buffer>>;

const imageColumns = {
  logoImage: { column: 'logoImageId', purpose: 'logo' },
  iconImage: { column: 'iconImageId', purpose: 'icon' },
  mainImage: { column: 'mainImageId', purpose: 'main' },
} as const satisfies Record<OrganizationImageField, { column: string; purpose: ImagePurpose }>;

async function summaries(ctx: AppContext, rows: repo.OrganizationRow[]) {
  const ids = rows.flatMap((r) => [r.logoImageId, r.mainImageId, r.iconImageId]).filter((x): x is string => !!x);
  const assets = await findImageAssets(ctx.db, [...new Set(ids)]);
  const asset = (id: string | null): ImageAsset | null => (id ? (assets.get(id) ?? null) : null);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    businessId: r.businessId,
    shortDescription: r.shortDescription,
    longDescription: r.longDescription,
    address: { street: r.street, postalCode: r.postalCode, city: r.city, country: r.country },
    email: r.email,
    phone: r.phone,
    websiteUrl: r.websiteUrl,
    operatingPorts: r.operatingPorts,
    lat: r.lat,
    lon: r.lon,
    roles: r.roles,
    logo: asset(r.logoImageId),
    mainImage: asset(r.mainImageId),
    miniIcon: asset(r.iconImageId),
  }));
}

async function requireOrganization(ctx: AppContext, id: string) {
  const row = await repo.findOrganization(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** Membership comes from the access token: only members edit their organization. */
function assertMember(auth: Auth, id: string) {
  if (auth.org !== id) throw forbidden({ reason: 'not-member' });
}

/** Organizations with a public page: the ones that sell or are listed in the catalogue. */
const PUBLIC_ROLES = OrgRole.Seller | OrgRole.CatalogPresence;

/**
 * An organization with its listings. Signed-in users see every field;
 * anonymous visitors see only a seller's public profile (name, descriptions,
 * images, ports, listings): its contact fields need sign-in, and an
 * organization that only buys has no public page at all (404).
 */
export async function getOrganization(ctx: AppContext, auth: Auth | null, id: string) {
  const row = await requireOrganization(ctx, id);
  if (!auth && (row.roles & PUBLIC_ROLES) === 0) throw notFound();
  const [summary] = await summaries(ctx, [row]);
  const listings = await searchListings(ctx, { organization_id: id, sort: 'newest', page: 1, perPage: 100 });
  const organization = { ...summary!, listings: listings.data };
  return auth ? organization : withoutContact(organization);
}

/** The public profile: business id, address, e-mail, phone, web address and office location need sign-in. */
function withoutContact<T extends Awaited<ReturnType<typeof summaries>>[number]>(org: T): T {
  return {
    ...org,
    businessId: null,
    address: { street: null, postalCode: null, city: null, country: null },
    email: null,
    phone: null,
    websiteUrl: null,
    lat: null,
    lon: null,
  };
}

/** Only a signed-in user sees a port's organizations; anyone else gets an empty list. */
export async function listOrganizations(ctx: AppContext, auth: Auth | null, port?: string) {
  if (!auth) return { data: [] };
  const rows = await repo.organizationsInPort(ctx.db, port, OrgRole.Seller | OrgRole.CatalogPresence);
  return { data: await summaries(ctx, rows) };
}

/**
 * Profile save: the logo is required unless one is already set; icon and main
 * image change only when sent. Images are stored before the row is updated,
 * so a broken file leaves the profile as it was.
 */
export async function updateProfile(ctx: AppContext, auth: Auth, id: string, fields: OrganizationProfileFields, files: ProfileImages) {
  assertMember(auth, id);
  const row = await requireOrganization(ctx, id);
  if (!files.logoImage && !row.logoImageId)
    throw invalidParams([{ path: 'body.logoImage', message: 'organizations:validation.logoRequired' }]);
  const imageIds: Partial<Record<(typeof imageColumns)[OrganizationImageField]['column'], string>> = {};
  for (const [field, { column, purpose }] of Object.entries(imageColumns) as [OrganizationImageField, (typeof imageColumns)[OrganizationImageField]][]) {
    const data = files[field];
    if (data) imageIds[column] = (await storeImage(ctx, { data, uploaderId: auth.sub, purpose })).id;
  }
  await repo.updateOrganization(ctx.db, id, {
    name: fields.name,
    businessId: fields.businessId,
    shortDescription: fields.shortDescription,
    longDescription: fields.longDescription,
    street: fields.street,
    postalCode: fields.postalCode,
    city: fields.city,
    country: fields.country,
    email: fields.email,
    phone: fields.phone,
    ...(fields.websiteUrl !== undefined && { websiteUrl: fields.websiteUrl }),
    ...imageIds,
  });
  return getOrganization(ctx, auth, id);
}

function toPort(r: repo.OrganizationPortRow) {
  const { createdAt: _createdAt, ...rest } = r;
  return rest;
}

/** Port offices; anonymous visitors get a seller's offices without their e-mail and phone. */
export async function listPorts(ctx: AppContext, auth: Auth | null, id: string) {
  const row = await requireOrganization(ctx, id);
  if (!auth && (row.roles & PUBLIC_ROLES) === 0) throw notFound();
  const ports = (await repo.portsOf(ctx.db, id)).map(toPort);
  return { data: auth ? ports : ports.map((p) => ({ ...p, email: null, phone: null })) };
}

export async function createPort(ctx: AppContext, auth: Auth, id: string, body: OrganizationPortBody) {
  assertMember(auth, id);
  await requireOrganization(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertPort(tx, { ...body, organizationId: id });
    await repo.addOperatingPort(tx, id, body.port);
    return toPort(row);
  });
}

export async function updatePort(ctx: AppContext, auth: Auth, id: string, portId: string, body: OrganizationPortBody) {
  assertMember(auth, id);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updatePort(tx, id, portId, body);
    if (!row) throw notFound();
    await repo.addOperatingPort(tx, id, body.port);
    return toPort(row);
  });
}
