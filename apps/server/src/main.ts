import 'dotenv/config';
import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { demoAccounts } from './seed/demo.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer();
  const accounts = demoAccounts(server).map((a) => `    ${a.email.padEnd(24)} ${a.password}`);
  console.log(
    [
      '',
      `  Harbor is running at ${server.url}`,
      `  API docs: ${server.url}/api/docs`,
      `  Database: ${server.config.DATABASE_URL ? 'PostgreSQL' : `embedded (PGlite) in ${server.config.DATA_DIR}`}`,
      '  Accounts:',
      ...accounts,
      '',
    ].join('\n'),
  );
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
