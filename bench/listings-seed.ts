/**
 * Seeds N synthetic listings for the listing benchmarks in one SQL statement,
 * so the generated tsvector column and every index fill as in production.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/index.ts';

export const PORTS = ['FIVSS', 'FIHEL', 'FITKU', 'FIKOK', 'FIHMN', 'FIKTK', 'FIRAU', 'FIOUL', 'FIPOR', 'FIHKO', 'FINLI', 'FIKEM'];
export const CATEGORIES = [
  'arrival-and-departure', 'cargo-handling', 'classification', 'energy', 'waste', 'husbandry', 'supplies', 'technical', 'container', 'stevedoring',
  'shipping', 'freight-forwarding', 'land-equipment-maintenance', 'crew', 'security', 'authorities', 'other', 'vessel-eta', 'vessel-events', 'vessel-navigation-apis',
];
// A vocabulary about as varied as a real port-services catalogue: a noun hits roughly 2 % of listings.
const NOUNS = [
  'mooring', 'towage', 'bunkering', 'cleaning', 'inspection', 'repair', 'welding', 'transport', 'lashing', 'storage', 'catering', 'surveying',
  'diving', 'painting', 'pilotage', 'security', 'waste reception', 'water supply', 'crane rental', 'forwarding', 'fumigation', 'degassing',
  'calibration', 'rigging', 'scaffolding', 'sandblasting', 'hydraulics', 'electrics', 'automation', 'navigation', 'radio', 'gyro', 'radar',
  'lifeboat', 'liferaft', 'firefighting', 'medical', 'laundry', 'provisions', 'spare parts', 'lubricants', 'chemicals', 'sludge', 'sewage',
  'ballast', 'hatch', 'winch', 'anchor', 'chain', 'propeller', 'rudder', 'boiler', 'turbocharger', 'purifier', 'compressor', 'generator',
  'customs', 'immigration', 'agency', 'chartering',
];
const ADJ = ['express', 'certified', 'winter', 'heavy', 'night', 'weekend', 'arctic', 'budget', 'premium', 'mobile', 'onboard', 'quayside', 'emergency', 'scheduled', 'remote', 'green', 'compact', 'full', 'basic', 'annual'];
const VESSELS = ['tankers', 'bulk carriers', 'ferries', 'container ships', 'ro-ro vessels', 'cruise ships', 'tugs', 'yachts', 'icebreakers', 'fishing vessels'];
const FI = [
  'laivoille', 'satamassa', 'nopeasti', 'ympäri vuorokauden', 'laiturilla', 'talvella', 'huolellisesti', 'edullisesti', 'säiliöaluksille', 'lautoille',
  'konttialuksille', 'risteilijöille', 'hinaajille', 'jäänmurtajille', 'kalastusaluksille', 'ankkuripaikalla', 'telakalla', 'varastossa', 'kesällä', 'yöllä',
];

export async function seedListings(db: Db, LISTINGS: number) {
  const arr = (xs: string[]) => sql.raw(`(array[${xs.map((x) => `'${x}'`).join(',')}])`);
  // One statement: the generated tsvector column and every index fill as in production.
  await db.execute(sql`
    with us as (select array_agg(id order by id) ids, array_agg(organization_id order by id) orgs, count(*)::int n from users)
    insert into listings (author_id, organization_id, title, description, state, price_amount, price_currency, port, categories,
                          is_visible, is_active, available_from, available_to, extra, current_stock, created_at, published_at)
    select us.ids[1 + g % us.n], us.orgs[1 + g % us.n],
      initcap(${arr(ADJ)}[1 + (g / 7) % ${ADJ.length}] || ' ' || ${arr(NOUNS)}[1 + g % ${NOUNS.length}]),
      'Reliable ' || ${arr(NOUNS)}[1 + (g / 3) % ${NOUNS.length}] || ' and ' || ${arr(NOUNS)}[1 + (g / 11) % ${NOUNS.length}]
        || ' for ' || ${arr(VESSELS)}[1 + (g / 17) % ${VESSELS.length}] || '. Palvelu ' || ${arr(FI)}[1 + (g / 5) % ${FI.length}]
        || ', ' || ${arr(FI)}[1 + (g / 13) % ${FI.length}] || '.',
      case when g % 25 = 0 then 'draft' else 'published' end,
      500 + (g::bigint * 7919) % 1000000, 'EUR',
      ${arr(PORTS)}[1 + g % ${PORTS.length}],
      array[${arr(CATEGORIES)}[1 + g % 20], ${arr(CATEGORIES)}[1 + (g / 20) % 20]],
      g % 40 <> 0, true, date '2026-01-01' + (g % 200), date '2026-09-01' + (g % 400), '{}'::jsonb, 1000,
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(1, ${LISTINGS}) g, us`);
  await db.execute(sql`
    insert into listing_images (listing_id, image_id, position)
    select l.id, (select id from images order by id limit 1), 0 from listings l
    where not exists (select 1 from listing_images li where li.listing_id = l.id)`);
  // Steady state of a live database: autovacuum has set the visibility map, so counts use index-only scans.
  await db.execute(sql`vacuum analyze listings`);
  await db.execute(sql`analyze`);
}
