// npm run admin -- create-claim --email a@b.c --amount 125.50 --currency USD [--merchant demo]
// npm run admin -- set-status --profile <id> --status ON_HOLD (operations' moves only: hold, release
//   to ACTIVATED, LOCKED, DEACTIVATED, or back to the status before the block)
// npm run admin -- create-staff --email a@b.c --role editor|approver   (prints a one-time enrolment link)
// npm run admin -- enrol-staff --email a@b.c   (a fresh link: lost authenticator, forgotten password)
// npm run admin -- disable-staff --email a@b.c
// npm run admin -- unlock-staff --email a@b.c
// npm run admin -- export-payments [--format pain.001|nacha] [--since <date>] [--until <date>] [--out <dir>] [--again]
// Talks to a running server (--url, default http://localhost:$PORT or 8080) with the admin key
// from ADMIN_API_KEY, --key, or the development key the server wrote under DATA_DIR.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/core/schemas/catalog';

const USAGE = `usage:
  npm run admin -- create-claim --email <email> --amount <decimal> --currency <ISO 4217> [--merchant <id>]
  npm run admin -- set-status --profile <id> --status ON_HOLD|ACTIVATED|LOCKED|DEACTIVATED|<status before the block>
  npm run admin -- create-staff --email <email> --role editor|approver
  npm run admin -- enrol-staff --email <email>
  npm run admin -- disable-staff --email <email>
  npm run admin -- unlock-staff --email <email>
  npm run admin -- export-payments [--format pain.001|nacha] [--since <date>] [--until <date>] [--out <dir>] [--again]
options: --url <server>  --key <admin key>`;

function fail(message: string, code = 2): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        amount: { type: 'string' },
        currency: { type: 'string' },
        merchant: { type: 'string' },
        profile: { type: 'string' },
        status: { type: 'string' },
        role: { type: 'string' },
        url: { type: 'string' },
        key: { type: 'string' },
        format: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        out: { type: 'string' },
        again: { type: 'boolean' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

const keyFile = join(resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data')), 'admin-key');
const key =
  values.key ||
  process.env.ADMIN_API_KEY ||
  (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
if (!key)
  fail(
    `no admin key: pass --key, set ADMIN_API_KEY, or start the server first (it writes ${keyFile})`,
  );
const base = (values.url ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/$/, '');

/** The answer's `data`; a refusal or an unreachable server ends the command. */
async function send(method: string, path: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-admin-key': key ?? '' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    fail(`cannot reach ${base}: ${(error as Error).message} (is npm start running?)`, 1);
  }
  const text = await response.text();
  if (!response.ok) {
    console.error(`${response.status}: ${text}`);
    process.exit(1);
  }
  return (JSON.parse(text) as { data: unknown }).data;
}

async function call(method: string, path: string, body: unknown): Promise<void> {
  const data = (await send(method, path, body)) as {
    inviteUrl?: string;
    enrolmentUrl?: string;
    enrolmentExpiresAt?: string;
  };
  if (data.enrolmentUrl) {
    // Shown once: the server keeps only its hash. The staff member chooses their password and
    // enrols their authenticator there; nobody else ever sees either.
    const { enrolmentUrl, ...account } = data;
    console.log(JSON.stringify(account, null, 2));
    console.log(
      `\nEnrolment link, shown only now (one use, until ${data.enrolmentExpiresAt ?? 'it expires'}); give it to the staff member only:`,
    );
    console.log(enrolmentUrl);
    return;
  }
  console.log(JSON.stringify(data, null, 2));
  if (data.inviteUrl) console.log(`\nInvitation link: ${data.inviteUrl}`);
}

const [command] = positionals;
if (command === 'create-claim') {
  if (!values.email || !values.amount || !values.currency)
    fail('create-claim needs --email, --amount and --currency');
  await call('POST', '/master/admin/v1/claims', {
    email: values.email,
    amount: values.amount,
    currency: values.currency,
    ...(values.merchant ? { merchantId: values.merchant } : {}),
  });
} else if (command === 'set-status') {
  if (!values.profile || !values.status) fail('set-status needs --profile and --status');
  await call('PUT', `/master/admin/v1/profiles/${encodeURIComponent(values.profile)}/status`, {
    status: values.status,
  });
} else if (command === 'create-staff') {
  if (!values.email || !values.role) fail('create-staff needs --email and --role');
  if (values.role !== 'editor' && values.role !== 'approver')
    fail('--role is editor (drafts rule changes) or approver (approves and publishes)');
  await call('POST', '/master/admin/v1/staff', { email: values.email, role: values.role });
} else if (command === 'enrol-staff') {
  if (!values.email) fail('enrol-staff needs --email');
  await call('POST', '/master/admin/v1/staff/enrolment', { email: values.email });
} else if (command === 'disable-staff') {
  if (!values.email) fail('disable-staff needs --email');
  await call('POST', '/master/admin/v1/staff/disable', { email: values.email });
} else if (command === 'unlock-staff') {
  if (!values.email) fail('unlock-staff needs --email');
  await call('POST', '/master/admin/v1/staff/unlock', { email: values.email });
} else if (command === 'export-payments') {
  if (values.format && values.format !== 'pain.001' && values.format !== 'nacha')
    fail('--format is pain.001 (ISO 20022 credit transfers) or nacha (ACH)');
  await exportPayments();
} else {
  fail(command ? `unknown command "${command}"` : 'no command given');
}

/**
 * The claims in payment as bank files, written to --out (default DATA_DIR/payment-files), readable
 * by their owner only: they carry full account numbers. Prints what went in and what did not.
 */
async function exportPayments(): Promise<void> {
  const result = (await send('POST', '/master/admin/v1/payment-files', {
    ...(values.format ? { format: values.format } : {}),
    ...(values.since ? { since: values.since } : {}),
    ...(values.until ? { until: values.until } : {}),
    ...(values.again ? { reexport: true } : {}),
  })) as {
    files: { fileName: string; content: string; transactions: number; totals: object[] }[];
    exported: { claimId: string; fileId: string; reexport: boolean }[];
    notExported: { claimId: string; type: string; reason: string; detail: string }[];
  };
  const out = resolve(
    values.out ?? join(resolve(process.env.DATA_DIR ?? join(REPO_ROOT, 'data')), 'payment-files'),
  );
  mkdirSync(out, { recursive: true, mode: 0o700 });
  for (const file of result.files) {
    const where = join(out, basename(file.fileName));
    writeFileSync(where, file.content, { mode: 0o600, flag: 'wx' });
    console.log(`wrote ${where}: ${file.transactions} payments, ${JSON.stringify(file.totals)}`);
  }
  if (!result.files.length) console.log('no payment to export');
  const again = result.exported.filter((e) => e.reexport).length;
  if (again) console.log(`${again} of them exported before (--again): recorded in the audit log`);
  for (const skipped of result.notExported)
    console.log(
      `not in these files: ${skipped.claimId} (${skipped.type}) ${skipped.reason}: ${skipped.detail}`,
    );
}
