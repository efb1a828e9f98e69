// The Rangsi Helper's command line: `npm run helper -- --server https://ris.example.org` (or RANGSI_SERVER_URL).
import { ConfigError, optionsFrom, USAGE } from './config';
import { startHelper } from './start';

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

try {
  const helper = await startHelper(optionsFrom(argv, process.env));
  const stop = () => void helper.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  if (err instanceof ConfigError || (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`rangsi-helper: ${(err as Error).message}\n`);
    process.exit(2);
  }
  throw err;
}
