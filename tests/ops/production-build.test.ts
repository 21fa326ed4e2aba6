// The compiled server as the Dockerfile builds and runs it (issue 32 points 1 and 2), without
// Docker (no image can be pulled here): the build stage's commands in a copy of the build context
// (.dockerignore applied), the runtime stage's `npm ci --omit=dev` in a second folder holding only
// what the runtime stage copies, then its CMD against a fresh PostgreSQL database with production
// settings. Mail goes over SMTP to a stand-in (production has no development outbox), which is
// where the journey reads its one-time codes.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/schemas/catalog';
import { SHUTDOWN_GRACE_MS } from '../../src/server/main';
import { PERSON, US_ADDRESS } from '../fixtures/people';
import { ADMIN_KEY, HttpBrowser, PASSWORD, rawRequest } from '../security/support/server';
import {
  command,
  copies,
  dockerignore,
  readDockerfile,
  runCommands,
  stage,
} from './support/dockerfile';
import { US_ACH as ACH } from '../fixtures/payout-methods';
import { freePort } from '../support/ports';

const run = promisify(execFile);

const stages = readDockerfile();
const build = stage(stages, 'build');
const runtime = stage(stages, 'runtime');
const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** The environment of a build step: the test runner's own settings (NODE_ENV=test...) left out. */
function buildEnv(): NodeJS.ProcessEnv {
  const skipped = ['NODE_ENV', 'NODE_OPTIONS', 'DATABASE_URL', 'REDIS_URL', 'TEST'];
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && !skipped.includes(name),
    ),
  );
}

async function sh(cwd: string, line: string): Promise<void> {
  try {
    await run('sh', ['-c', line], { cwd, env: buildEnv(), maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${line} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

describe('the Dockerfile', () => {
  it('builds with npm ci and npm run build, installs --omit=dev and runs npm run start:prod', () => {
    expect(runCommands(build)).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    expect(packageJson.scripts.build).toMatch(/&& npm run build:server$/);
    const installs = runCommands(runtime).filter((line) => line.startsWith('npm '));
    expect(installs).toEqual(['npm ci --omit=dev --ignore-scripts --no-audit --no-fund']);
    // Everything else the runtime stage runs makes the data folder the server may write.
    expect(runCommands(runtime).filter((line) => !line.startsWith('npm '))).toEqual([
      'mkdir -p /app/data && chown node:node /app/data',
    ]);
    expect(command(runtime)).toEqual(packageJson.scripts['start:prod']!.split(' '));
    const user = runtime.instructions.findLast((i) => i.keyword === 'USER');
    expect(user?.args).toBe('node');
    const healthcheck = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK');
    expect(healthcheck?.args).toContain('/master/health');
    expect(healthcheck?.args).not.toContain('/master/health/ready');
  });
});

describe('the compiled server from an --omit=dev install', () => {
  const work = mkdtempSync(join(tmpdir(), 'payee-prodbuild-'));
  const context = join(work, 'build');
  const app = join(work, 'runtime');
  const databaseName = `prodbuild_${Date.now().toString(36)}_${process.pid}`;
  const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  const mails: { to: string; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        // Quoted-printable soft breaks and '=' escapes, so codes and links read as sent.
        const decoded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, text: decoded });
        callback();
      });
    },
  });
  let server: ChildProcess | undefined;
  let output = '';

  afterAll(async () => {
    if (server?.pid && server.exitCode === null && server.signalCode === null)
      server.kill('SIGKILL');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  });

  it('builds as the build stage does, starts on PostgreSQL and serves a recipient from claim to acceptance', async () => {
    // The build stage: COPY . . (less .dockerignore), `npm ci` (the lockfile's tree, which this
    // checkout's node_modules already is: linked, not installed again), then `npm run build`.
    const ignored = dockerignore();
    cpSync(REPO_ROOT, context, {
      recursive: true,
      filter: (source) => !ignored(relative(REPO_ROOT, source).split('\\').join('/')),
    });
    const [install, ...steps] = runCommands(build);
    expect(install).toMatch(/^npm ci /);
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(context, 'node_modules'), 'dir');
    for (const step of steps) await sh(context, step);

    // The runtime stage, instruction by instruction: its COPYs (from the build context, or from the
    // build stage's results) and its npm commands.
    const runtimeCopies = copies(runtime);
    for (const instruction of runtime.instructions) {
      if (instruction.keyword === 'COPY') {
        const { from, sources, to } = runtimeCopies.shift()!;
        const into = join(app, to.replace(/^\.\/?/, ''));
        for (const source of sources)
          if (from === 'build')
            cpSync(join(context, source.replace(/^\/app\/?/, '')), into, { recursive: true });
          else cpSync(join(context, source), join(into, source), { recursive: true });
      } else if (instruction.keyword === 'RUN') {
        const [line] = runCommands({ ...runtime, instructions: [instruction] });
        if (line?.startsWith('npm ')) await sh(app, line);
      }
    }
    expect(existsSync(join(app, 'dist/server/main.js'))).toBe(true);
    expect(existsSync(join(app, 'dist/server/rules-worker.js'))).toBe(true);
    expect(existsSync(join(app, 'dist/web/index.html'))).toBe(true);
    // No TypeScript, tsx, Vite or esbuild at run time, nor the portal's libraries.
    const installed = readdirSync(join(app, 'node_modules'));
    for (const dev of ['typescript', 'tsx', 'vite', 'esbuild', 'vitest', 'react', 'react-dom'])
      expect(installed).not.toContain(dev);
    expect(existsSync(join(app, 'src'))).toBe(false);

    // The rules console's worker thread loads from the compiled file and answers a job.
    const probe = join(work, 'worker-probe.mjs');
    writeFileSync(
      probe,
      `import { Worker } from 'node:worker_threads';
const worker = new Worker(new URL('./dist/server/rules-worker.js', 'file://' + process.cwd() + '/'));
worker.on('error', (error) => { console.error(error); process.exit(1); });
worker.on('message', (answer) => { console.log(JSON.stringify(answer)); process.exit(0); });
worker.postMessage({ id: 7, job: { kind: 'nonsense' } });
`,
    );
    const worker = await run(process.execPath, [probe], { cwd: app, env: buildEnv() });
    expect(JSON.parse(worker.stdout)).toMatchObject({ id: 7 });

    // A fresh database, an SMTP stand-in, and the image's CMD with production settings.
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(serverUrl.toString());
    databaseUrl.pathname = `/${databaseName}`;
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    const port = await freePort();
    const [program, ...args] = command(runtime);
    server = spawn(program === 'node' ? process.execPath : program!, args, {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, 'data'),
        DATABASE_URL: databaseUrl.toString(),
        ADMIN_API_KEY: ADMIN_KEY,
        APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: `http://localhost:${port}`,
        // No real identity, PayPal, card vault or rate feed here: named, as production requires.
        ALLOW_SIMULATORS: 'identity-proofing,paypal,card-vault,exchange-rates',
        COOKIE_SECURE: 'false',
        RATE_LIMIT_SCALE: '20',
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const target = { port };
    // Ready within a minute (migrations run first); a server that exits fails at once, with its log.
    for (const deadline = Date.now() + 60_000; ;) {
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error(`the server exited:\n${output}`);
      const ready = await rawRequest(target, 'GET', '/master/health/ready').catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`not ready after 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await rawRequest(target, 'GET', '/master/health')).status).toBe(200);
    // The development outbox does not exist in production.
    expect((await rawRequest(target, 'GET', '/master/dev/v1/outbox?to=x@example.com')).status).toBe(
      404,
    );

    const codeFor = async (email: string, seen: number): Promise<string> => {
      await expect
        .poll(() => mails.filter((m) => m.to === email).length, { timeout: 15_000 })
        .toBeGreaterThan(seen);
      const text = mails.filter((m) => m.to === email).at(-1)!.text;
      const code = /\b\d{4}-(\d{6})\b/.exec(text)?.[1];
      if (!code) throw new Error(`no code in the mail to ${email}:\n${text}`);
      return code;
    };

    const email = `prodbuild.${Date.now().toString(36)}@example.com`;
    const created = await rawRequest(
      target,
      'POST',
      '/master/admin/v1/claims',
      { host: 'localhost', 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
      JSON.stringify({ email, amount: '125.50', currency: 'USD' }),
    );
    expect(created.status, created.text).toBe(201);
    const claimId = (created.json!.data as { claim: { id: string } }).claim.id;
    await expect
      .poll(() => mails.filter((m) => m.to === email).length, { timeout: 15_000 })
      .toBe(1);
    expect(mails[0]!.text).toContain(`/auth/register?claim_id=${claimId}`);

    const browser = new HttpBrowser(target);
    const registered = await browser.api('POST', '/me', {
      data: { email, termsAccepted: true },
      password: PASSWORD,
      claimId,
    });
    expect(registered.status, registered.text).toBe(200);
    const signedIn = await browser.signIn(email);
    expect(signedIn.status, signedIn.text).toBe(303);
    expect((await browser.api('POST', '/me/verify/otp', {})).status).toBe(200);
    const verified = await browser.api('PUT', '/me/verify', { otp: await codeFor(email, 1) });
    expect(verified.status, verified.text).toBe(200);
    const saved = await browser.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: PERSON,
      addresses: [US_ADDRESS],
    });
    expect(saved.status, saved.text).toBe(200);
    const proofing = await browser.api('POST', '/id-proofing/start');
    expect(proofing.json?.data, proofing.text).toMatchObject({ status: 'ACTIVATED' });
    const bank = await browser.api('POST', '/payment-methods/bank-accounts', ACH);
    expect(bank.status, bank.text).toBe(200);
    const paymentMethodId = (bank.json!.data as { bankAccount: { id: string } }).bankAccount.id;
    const sent = mails.filter((m) => m.to === email).length;
    const asked = await browser.api('POST', `/claims/${claimId}/accept/otp`, {
      paymentMethodId,
      targetCurrency: 'USD',
    });
    expect(asked.status, asked.text).toBe(200);
    const accepted = await browser.api('PUT', `/claims/${claimId}/accept`, {
      otp: await codeFor(email, sent),
      paymentMethodId,
      targetCurrency: 'USD',
    });
    expect(accepted.status, accepted.text).toBe(200);

    // The portal the build stage compiled, served by the compiled server.
    const home = await rawRequest(target, 'GET', '/', { accept: 'text/html' });
    const location = String(home.headers.location ?? '/');
    const page = await rawRequest(target, 'GET', new URL(location, 'http://localhost').pathname, {
      accept: 'text/html',
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);

    // SIGTERM: the graceful shutdown the Kubernetes grace period is sized for.
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(SHUTDOWN_GRACE_MS).toBeLessThan(30_000);
  }, 300_000);
});
