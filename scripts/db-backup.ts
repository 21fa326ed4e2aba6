// npm run db:backup -- <file>           a consistent snapshot of DATABASE_URL (pg_dump, custom format)
// npm run db:restore -- <file> <url>    loads a snapshot into an EMPTY database, in one transaction,
//                                        then opens it as the server would (pending migrations run)
// PostgreSQL's own tools do the work (pg_dump/pg_restore of the server's major version, from the
// postgresql-client package); this wrapper only fixes the options and checks the result.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';

const USAGE = `usage:
  DATABASE_URL=postgres://... npm run db:backup -- <file>
  npm run db:restore -- <file> <postgres://target database>`;

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

/** Rows per table of the public schema, to print after each step. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ n: string }>(
        `select count(*) as n from public.${pg.escapeIdentifier(name)}`,
      );
      counts[name] = Number(result.rows[0]?.n ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
}

async function backup(file: string): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) fail('DATABASE_URL names the database to back up');
  // --format=custom: compressed, restorable table by table; pg_dump reads one snapshot, so the
  // file is consistent while the servers keep writing.
  execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', file, url], {
    stdio: 'inherit',
  });
  console.log(`backed up to ${file}:`, await rowCounts(url));
}

async function restore(file: string, target: string): Promise<void> {
  if (!existsSync(file)) fail(`no backup at ${file}`);
  const before = await rowCounts(target);
  if (Object.keys(before).length)
    fail(`refusing to restore into ${new URL(target).pathname}: it already has tables`, 1);
  execFileSync(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', target, file],
    { stdio: 'inherit' },
  );
  // Opening it runs any migration newer than the backup, as a server start would.
  const handle = await openDatabase({ url: target });
  await handle.close();
  console.log(`restored ${file}:`, await rowCounts(target));
}

const [command, ...args] = process.argv.slice(2);
if (command === 'backup' && args.length === 1) await backup(args[0]!);
else if (command === 'restore' && args.length === 2) await restore(args[0]!, args[1]!);
else fail('unknown command or arguments');
