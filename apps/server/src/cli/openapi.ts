// Writes docs/openapi.json from the running app's routes (committed; a test fails when it is stale).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const database = await openDatabase({});
const { app } = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'openapi-openapi-openapi-openapi-00',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  }),
  database,
});
await app.ready();
const out = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
process.stdout.write(`wrote ${out}\n`);
