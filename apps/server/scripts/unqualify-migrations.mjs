// drizzle-kit writes foreign keys as "public"."table"; we strip the schema so
// a migration applies to whichever schema the connection's search_path names
// (tests run each suite in a fresh PostgreSQL schema).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../drizzle/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = new URL(file, dir);
  const sql = readFileSync(path, 'utf8');
  const stripped = sql.replaceAll('"public".', '');
  if (stripped !== sql) writeFileSync(path, stripped);
}
