import { sql } from 'drizzle-orm';
import { isoTime, jsonObject, jsonObjectOrNull, jsonPlain, jsonText, jsonValue } from '../../db/index.ts';
import { imageAssetSql } from '../images/index.ts';
import { images } from '../images/images.schema.ts';
import { organizations } from '../organizations/organizations.schema.ts';
import { abbreviatedNameSql, displayNameSql } from '../users/index.ts';
import { users } from '../users/users.schema.ts';
import { listingImages, listings } from './listings.schema.ts';

/*
 * A search page's listing, written by the database: the contract's Listing with its card image
 * as JSON text that the answer carries as it is (the driver parses no row, drizzle maps no column,
 * the server stringifies no listing). The fields and rules are toListing's, publicDataOf's and
 * isOrderable's (listings.mapper.ts); the search's tests compare every card with the listing's own
 * answer, which those build.
 */

const l = listings;

/** publicDataOf: the jsonb rest with the searchable columns on top; no port key when the column has none. */
const publicData = sql`(${l.extra} - 'port') || jsonb_build_object(
    'categories', to_jsonb(${l.categories}), 'isVisible', ${l.isVisible}, 'isActive', ${l.isActive},
    'availability', case when ${l.availableFrom} is not null and ${l.availableTo} is not null
      then jsonb_build_object('from', ${l.availableFrom}, 'to', ${l.availableTo}) end)
  || case when ${l.port} is null then '{}'::jsonb else jsonb_build_object('port', ${l.port}) end`;

/**
 * isOrderable, at the statement's time. availabilityDate is an ISO time with an offset (the
 * contract checks it on every write), so the cast cannot fail.
 */
const orderable = sql`(${l.state} = 'published' and ${l.isActive} and ${l.deleteRequestedAt} is null and not ${l.deleted}
  and coalesce((${l.extra}->>'availabilityDate')::timestamptz <= now(), true))`;

const cardImages = sql<string>`coalesce((select '[' || ${imageAssetSql} || ']' from ${listingImages} li join ${images} i on i.id = li.image_id
  where li.listing_id = ${l.id} order by li.position limit 1), '[]')`;
const logo = sql<string>`coalesce((select ${imageAssetSql} from ${images} i where i.id = ${organizations.logoImageId}), 'null')`;

/** A search card: the Listing with its first image only, over the row `selectPageJson` joins. */
export const listingCardJson = jsonObject({
  id: jsonPlain(l.id),
  title: jsonText(l.title),
  description: jsonText(l.description),
  state: jsonPlain(l.state),
  geolocation: jsonObjectOrNull(sql`${l.lat} is null or ${l.lng} is null`, { lat: jsonValue(l.lat), lng: jsonValue(l.lng) }),
  price: jsonObjectOrNull(sql`${l.priceAmount} is null or ${l.priceCurrency} is null or ${l.priceCurrency} = ''`, {
    amount: jsonValue(l.priceAmount),
    currency: jsonText(l.priceCurrency),
  }),
  publicData: jsonValue(publicData),
  availabilityPlan: jsonValue(l.availabilityPlan),
  deleted: jsonValue(l.deleted),
  deletionRequested: jsonValue(sql`${l.deleteRequestedAt} is not null`),
  currentStock: jsonValue(l.currentStock),
  orderable: jsonValue(orderable),
  images: cardImages,
  author: jsonObject({ id: jsonPlain(users.id), displayName: jsonText(displayNameSql(users)), abbreviatedName: jsonText(abbreviatedNameSql(users)) }),
  organization: jsonObject({ id: jsonPlain(organizations.id), name: jsonText(organizations.name), logo }),
  createdAt: jsonPlain(isoTime(l.createdAt)),
  updatedAt: jsonPlain(isoTime(l.updatedAt)),
});
