// Once per test run: build the precompiled validators, and a migrated PGlite snapshot that API
// test files load in well under a second instead of initialising PostgreSQL each time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildValidators } from '../src/core/build/build-validators';
import { openDatabase } from '../src/server/db/client';
import { PGLITE_SNAPSHOT } from './api/support/databases';

export default async function setup(): Promise<void> {
  buildValidators();
  const handle = await openDatabase({ url: null, dataDir: 'memory://' });
  const dump = await handle.dumpDataDir();
  await handle.close();
  mkdirSync(dirname(PGLITE_SNAPSHOT), { recursive: true });
  writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
}
