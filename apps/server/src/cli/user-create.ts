// npm run user:create -- --username somchai --role Staff --name "สมชาย ใจดี" --branch RS1 [--email x] [--hospital H1]
// The password is read from RANGSI_PASSWORD or asked for on the terminal (never from the command line: shells keep history).
import path from 'node:path';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ROLE_NAMES } from '@rangsi/domain';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReference } from '../seed/index';
import { DomainError } from '../http/domain-error';
import { UsersService } from '../modules/users/users.service';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    branch: { type: 'string' },
    hospital: { type: 'string' },
  },
});
if (!values.username || !values.role || !values.name) {
  process.stderr.write(
    `usage: npm run user:create -- --username U --role R --name "Display name" [--branch CODE] [--hospital CODE] [--email E]\nroles: ${ROLE_NAMES.join(', ')}\n`,
  );
  process.exit(2);
}
let password = process.env.RANGSI_PASSWORD;
if (!password) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (10+ characters): ');
  rl.close();
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.resolve(config.DATA_DIR) });
try {
  await seedReference(database.db);
  const user = await new UsersService(database.db).create({
    username: values.username,
    password,
    displayName: values.name,
    roleName: values.role,
    email: values.email,
    branchCode: values.branch,
    hospitalCode: values.hospital,
  });
  process.stdout.write(`created user ${user.username} (${user.roleName})\n`);
} catch (err) {
  process.stderr.write(`${err instanceof DomainError ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
