// npm run rules:export — writes the rules published in the console back into country-rules/
//   (only the countries published there; formatted like the repository's files) for git review.
// npm run rules:import -- --as <staff email> — loads country-rules/*.json as drafts of that staff
//   member: each file that differs from the rules in use becomes their draft (checked like any
//   draft), and each country whose own file is in use but gone from the folder a draft retiring
//   it (as the console's Retire the file), which another approver approves as usual (four eyes:
//   they cannot approve it).
// --dir <folder> reads (import) or writes (export) another folder than country-rules/.
// Talks to a running server (--url, default http://localhost:$PORT or 8080) with the admin key
// from ADMIN_API_KEY, --key, or the development key the server wrote under DATA_DIR.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/core/schemas/catalog';
import { RefusedRuleFiles, removeRetiredRules, writeExportedRules } from './rules-export';

const USAGE = `usage:
  npm run rules:export [-- --dir <folder> --url <server> --key <admin key>]
  npm run rules:import -- --as <staff email> [--dir <folder> --url <server> --key <admin key>]`;

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    key: { type: 'string' },
    as: { type: 'string' },
    dir: { type: 'string' },
  },
});
const keyFile = join(resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data')), 'admin-key');
const key =
  values.key ||
  process.env.ADMIN_API_KEY ||
  (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
if (!key) fail(`no admin key: pass --key, set ADMIN_API_KEY, or start the server first`);
const base = (values.url ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const rulesDir = values.dir ? resolve(values.dir) : join(REPO_ROOT, 'country-rules');

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${base}/master/admin/v1${path}`, {
      method,
      headers: {
        'x-admin-key': key ?? '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    return fail(`cannot reach ${base}: ${(error as Error).message} (is npm start running?)`, 1);
  }
  const text = await response.text();
  if (!response.ok) {
    const answer = JSON.parse(text) as { message?: string; errors?: { message: string }[] };
    console.error(`✗ ${answer.message ?? text}`);
    for (const e of answer.errors?.slice(1) ?? []) console.error(`✗ ${e.message}`);
    process.exit(1);
  }
  return (JSON.parse(text) as { data: T }).data;
}

const [command] = positionals;
if (command === 'export') {
  const { rulesVersion, rules, retired } = await call<{
    rulesVersion: number;
    rules: Record<string, unknown>;
    /** Countries retired in the console: their files go (they follow the shared rules again). */
    retired: string[];
  }>('GET', '/rules/published');
  // The names come from the server: only the expected file names are written (scripts/rules-export.ts).
  let names: string[];
  let removed: string[];
  try {
    removed = removeRetiredRules(rulesDir, retired);
    names = await writeExportedRules(rulesDir, rules);
  } catch (error) {
    if (!(error instanceof RefusedRuleFiles)) throw error;
    console.error(`✗ ${error.message}`);
    process.exit(1);
  }
  const file = (n: string) => `country-rules/${n}.json`;
  console.log(
    names.length || removed.length
      ? `✓ rules version ${rulesVersion}: ${[
          names.length ? `wrote ${names.map(file).join(', ')}` : '',
          removed.length ? `deleted ${removed.map(file).join(', ')} (retired)` : '',
        ]
          .filter(Boolean)
          .join('; ')}; review with git diff`
      : '✓ nothing published in the console yet: country-rules/ is what the server uses',
  );
} else if (command === 'import') {
  // An import is a named staff member's draft, so that person cannot approve it.
  if (!values.as) fail('rules:import needs --as <the staff email the drafts are authored by>');
  // The folder is the whole set of rules (a country without a file in it is retired): a folder
  // without the generic rule is not one, and would retire every country.
  if (!existsSync(join(rulesDir, '_default.json')))
    fail(`${rulesDir} has no _default.json: not a folder of country rules`);
  const files = Object.fromEntries(
    readdirSync(rulesDir)
      .filter((f) => f.endsWith('.json') && f !== 'country-rules.schema.json')
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(rulesDir, f), 'utf8'))]),
  );
  type Drafted = { country: string; id: number }[];
  const { drafts, retired, unchanged } = await call<{
    drafts: Drafted;
    retired: Drafted;
    unchanged: string[];
  }>('POST', '/rules/drafts', { rules: files, authorEmail: values.as, retireMissing: true });
  for (const d of drafts)
    console.log(`✓ ${d.country}: draft version ${d.id} by ${values.as}, awaiting another approver`);
  for (const r of retired)
    console.log(
      `✓ ${r.country}: no file in the folder, retirement drafted as version ${r.id} by ${values.as} (once published, ${r.country} follows the shared rules), awaiting another approver`,
    );
  console.log(
    `${drafts.length} draft(s) saved, ${retired.length} retirement(s) drafted, ${unchanged.length} file(s) unchanged.`,
  );
} else {
  fail(command ? `unknown command "${command}"` : 'no command given');
}
