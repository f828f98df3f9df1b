// npm run admin -- <command>: operations on organizations and API keys from a shell (the commands
// are in admin-commands.ts). The database is DATABASE_URL's, or the embedded one under .data/.
import { parseAdminArgs, runAdminCommand, usage } from './admin-commands';
import { exitWithError, UsageError, withConfiguredDatabase } from './cli-support';

const argv = process.argv.slice(2);
try {
  const { command, values } = parseAdminArgs(argv);
  if (values.help || !command) {
    console.log(usage);
    process.exit(command || values.help ? 0 : 1);
  }
  await withConfiguredDatabase((db) => runAdminCommand(db, argv, (line) => console.log(line)));
} catch (error) {
  exitWithError(
    error instanceof TypeError && 'code' in error ? new UsageError(`${error.message}\n\n${usage}`) : error,
  );
}
