import { sql } from 'drizzle-orm';
import { isoTime } from '../../db/index.ts';
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

const cardImages = sql`coalesce((select json_build_array(${imageAssetSql}) from ${listingImages} li join ${images} i on i.id = li.image_id
  where li.listing_id = ${l.id} order by li.position limit 1), '[]')`;
const logo = sql`(select ${imageAssetSql} from ${images} i where i.id = ${organizations.logoImageId})`;

/** A search card: the Listing with its first image only, over the row `selectPageJson` joins. */
export const listingCardJson = sql<string>`json_build_object(
  'id', ${l.id}, 'title', ${l.title}, 'description', ${l.description}, 'state', ${l.state},
  'geolocation', case when ${l.lat} is not null and ${l.lng} is not null then json_build_object('lat', ${l.lat}, 'lng', ${l.lng}) end,
  'price', case when ${l.priceAmount} is not null and ${l.priceCurrency} <> '' then json_build_object('amount', ${l.priceAmount}, 'currency', ${l.priceCurrency}) end,
  'publicData', ${publicData}, 'availabilityPlan', ${l.availabilityPlan},
  'deleted', ${l.deleted}, 'deletionRequested', ${l.deleteRequestedAt} is not null, 'currentStock', ${l.currentStock},
  'orderable', ${orderable}, 'images', ${cardImages},
  'author', json_build_object('id', ${users.id}, 'displayName', ${displayNameSql(users)}, 'abbreviatedName', ${abbreviatedNameSql(users)}),
  'organization', json_build_object('id', ${organizations.id}, 'name', ${organizations.name}, 'logo', ${logo}),
  'createdAt', ${isoTime(l.createdAt)}, 'updatedAt', ${isoTime(l.updatedAt)}
)::text`;

