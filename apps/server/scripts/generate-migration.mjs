// `npm run db:generate -- --name <module>`: drizzle-kit generate with the given
// arguments, then strip the "public". schema prefix (see unqualify-migrations.mjs).
import { execFileSync } from 'node:child_process';

execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { stdio: 'inherit' });
await import('./unqualify-migrations.mjs');
