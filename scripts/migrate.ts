// npm run db:migrate: applies db/migrations to the database DATABASE_URL names (or the embedded one).
import { openConfiguredDatabase } from '@/db/client';
import { exitWithError } from './cli-support';

try {
  const handle = await openConfiguredDatabase();
  try {
    await handle.migrate();
    console.log(`Migrations applied (${handle.driver}).`);
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error);
}
