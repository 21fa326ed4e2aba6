// A soak or chaos run: two server processes (scripts/start.ts as `npm start` runs it) on one fresh
// PostgreSQL database, Redis for shared rate limits, N recipients at once through the HTTP API, the
// faults of a chaos run on a schedule, then the database checked against what the users were told.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildValidators, VALIDATORS_DIR } from '../../src/core/build/build-validators';
import { randomKey } from '../bench/client';
import { killAllNow, stopAll } from '../bench/processes';
import { createDatabase, startPortal, type PortalServer } from '../bench/servers';
import { TcpProxy } from '../../tests/api/support/tcp-proxy';
import { checkDatabase, type CheckResult } from './checks';
import { runJourney, type Told } from './journey';
import { classify, errorsByKind, figuresByKind, Recorder, type KindFigures } from './record';

export type Fault = 'kill' | 'db-cut' | 'redis-cut' | 'term';

export interface RunOptions {
  users: number;
  seconds: number;
  /** Chaos: these faults, spread over the run (none for a soak). */
  faults: Fault[];
  /** How long the database stays cut. */
  cutSeconds: number;
  /** Mean pause between a user's steps, as a person reading and typing (0: none, a stress test). */
  thinkMs: number;
  /** Users start spread over this many seconds, as a crowd arrives, not all in one millisecond. */
  rampSeconds: number;
  redisUrl: string;
  log: (line: string) => void;
}

export interface RunResult {
  passed: boolean;
  violations: string[];
  seconds: number;
  calls: number;
  throughput: number;
  journeys: { started: number; finished: number; failed: number };
  kinds: KindFigures[];
  errors: { key: string; count: number; expected: boolean }[];
  checks: CheckResult[];
  faults: { name: string; ms: number }[];
  perOrigin: Record<string, number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(options: RunOptions): Promise<RunResult> {
  const { log } = options;
  // The servers load the precompiled validators (`npm run build:validators`).
  if (!existsSync(join(VALIDATORS_DIR, 'manifest.json'))) buildValidators();
  const database = await createDatabase('soak');
  const proxy = options.faults.includes('db-cut')
    ? await TcpProxy.start(
        new URL(database.url).hostname,
        Number(new URL(database.url).port || 5432),
      )
    : null;
  const serverUrl = new URL(database.url);
  if (proxy) serverUrl.host = `127.0.0.1:${proxy.port}`;
  const redisTarget = new URL(options.redisUrl);
  const redisProxy = options.faults.includes('redis-cut')
    ? await TcpProxy.start(redisTarget.hostname, Number(redisTarget.port || 6379))
    : null;
  const redisUrl = new URL(options.redisUrl);
  if (redisProxy) redisUrl.host = `127.0.0.1:${redisProxy.port}`;
  const env: NodeJS.ProcessEnv = {
    REDIS_URL: redisUrl.toString(),
    ADMIN_API_KEY: randomKey(),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // All the load comes from one address.
    RATE_LIMIT_SCALE: '100000',
  };
  const servers: PortalServer[] = [];
  const recorder = new Recorder();
  const faultTimes: { name: string; ms: number }[] = [];
  try {
    // Both at once, as a deploy starts them: the migration lock lets one migrate the new database.
    servers.push(
      ...(await Promise.all(
        ['soak-a', 'soak-b'].map((name) => startPortal(serverUrl.toString(), { name, env })),
      )),
    );
    const origins = servers.map((s) => s.origin);
    log(
      `servers ${origins.join(' and ')} on ${database.name}${proxy ? ` via proxy :${proxy.port}` : ''}`,
    );

    const restart = async (index: number, generation: number) => {
      const old = servers[index]!;
      await old.stop(); // already exited: removes its data directory
      servers[index] = await startPortal(serverUrl.toString(), {
        name: `soak-${'ab'[index]}-${generation}`,
        port: Number(new URL(old.origin).port),
        env,
      });
    };
    const signal = async (index: number, sig: NodeJS.Signals) => {
      const child = servers[index]!.child.process;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, sig);
      await exited;
    };

    const faults: Record<Fault, () => Promise<void>> = {
      kill: async () => {
        const close = recorder.fault('SIGKILL soak-b');
        await signal(1, 'SIGKILL');
        await sleep(1_000);
        await restart(1, 2);
        close();
      },
      'db-cut': async () => {
        const close = recorder.fault('database cut');
        await proxy!.cut();
        await sleep(options.cutSeconds * 1000);
        await proxy!.restore();
        close(3_000);
      },
      // Redis stops: rate limits fall back to each process's memory and the API keeps serving, so
      // this window expects no error at all.
      'redis-cut': async () => {
        await redisProxy!.cut();
        await sleep(options.cutSeconds * 1000);
        await redisProxy!.restore();
      },
      term: async () => {
        const close = recorder.fault('SIGTERM soak-a');
        await signal(0, 'SIGTERM');
        await restart(0, 2);
        close();
      },
    };

    const startedAt = performance.now();
    const deadline = startedAt + options.seconds * 1000;
    const users: Told[] = [];
    let serial = 0;
    const worker = async (index: number) => {
      await sleep((index / options.users) * options.rampSeconds * 1000);
      while (performance.now() < deadline) {
        users.push(
          await runJourney({
            origins,
            adminKey: env.ADMIN_API_KEY!,
            recorder,
            retryMs: 45_000,
            thinkMs: options.thinkMs,
            serial: serial++,
          }),
        );
      }
    };
    const chaos = async () => {
      for (const [i, fault] of options.faults.entries()) {
        const at = startedAt + ((i + 1) / (options.faults.length + 1)) * options.seconds * 1000;
        await sleep(Math.max(0, at - performance.now()));
        log(`fault: ${fault}`);
        const t0 = performance.now();
        await faults[fault]();
        faultTimes.push({ name: fault, ms: performance.now() - t0 });
      }
    };
    log(
      `${options.users} users for ${options.seconds} s (arriving over ${options.rampSeconds} s, ${options.thinkMs} ms between steps)${options.faults.length ? `, faults ${options.faults.join(', ')}` : ''}`,
    );
    await Promise.all([...Array.from({ length: options.users }, (_, i) => worker(i)), chaos()]);
    const seconds = (performance.now() - startedAt) / 1000;

    log('checking the database');
    const checks = await checkDatabase(database.url, users);
    const violations: string[] = [];
    for (const check of checks)
      for (const v of check.violations.slice(0, 20)) violations.push(`${check.name}: ${v}`);
    const unexpected = recorder.calls.filter((c) => classify(recorder, c) === 'unexpected');
    // When, from the start of the run, so that a call can be set against the fault windows.
    const at = (time: number) => `${((time - recorder.startedAt) / 1000).toFixed(2)} s`;
    for (const call of unexpected.slice(0, 20))
      violations.push(
        `unexpected ${String(call.outcome)} ${call.code} on ${call.kind} (${call.origin}, at ${at(call.startedAt)}, ${Math.round(call.ms)} ms)`,
      );
    if (unexpected.length)
      violations.push(
        `fault windows: ${recorder.windows.map((w) => `${w.name} ${at(w.from)}–${Number.isFinite(w.to) ? at(w.to) : 'open'}`).join(', ') || 'none'}`,
      );
    if (unexpected.length > 20)
      violations.push(`... ${unexpected.length - 20} more unexpected answers`);
    const failed = users.filter((u) => u.failure);
    // Without faults every journey must finish; with them a journey may give up after its retries,
    // but not on a refusal that no fault explains.
    for (const user of failed.slice(0, 20))
      if (!options.faults.length || !/: (503|conn|timeout) /.test(user.failure ?? ''))
        violations.push(`journey failed: ${user.failure}`);
    const perOrigin: Record<string, number> = {};
    for (const call of recorder.calls) perOrigin[call.origin] = (perOrigin[call.origin] ?? 0) + 1;
    return {
      passed: violations.length === 0,
      violations,
      seconds,
      calls: recorder.calls.length,
      throughput: recorder.calls.length / seconds,
      journeys: {
        started: users.length,
        finished: users.filter((u) => u.finished).length,
        failed: failed.length,
      },
      kinds: figuresByKind(recorder.calls),
      errors: errorsByKind(recorder, recorder.calls),
      checks,
      faults: faultTimes,
      perOrigin,
    };
  } finally {
    await stopAll();
    await Promise.all(servers.map((s) => s.stop()));
    await proxy?.close();
    await redisProxy?.close();
    await database.drop();
  }
}

/** Stops every server started if the run is interrupted. */
export function stopOnExit(): void {
  process.on('exit', killAllNow);
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => {
      killAllNow();
      process.exit(130);
    });
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)}` : '-');

export function report(result: RunResult, title: string): string {
  const lines: string[] = [];
  lines.push(`\n${title}`);
  lines.push(
    `${result.journeys.started} journeys (${result.journeys.finished} finished, ${result.journeys.failed} failed), ${result.calls} calls in ${result.seconds.toFixed(1)} s: ${result.throughput.toFixed(1)} calls/s`,
  );
  lines.push(
    `calls per process: ${Object.entries(result.perOrigin)
      .map(([o, n]) => `${o} ${n}`)
      .join(', ')}`,
  );
  for (const fault of result.faults)
    lines.push(`fault ${fault.name}: ${ms(fault.ms)} ms until served again`);
  lines.push('');
  lines.push(
    `${'call'.padEnd(24)}${'count'.padStart(7)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`,
  );
  for (const k of result.kinds)
    lines.push(
      `${k.kind.padEnd(24)}${String(k.calls).padStart(7)}${ms(k.p50).padStart(9)}${ms(k.p95).padStart(9)}${ms(k.p99).padStart(9)}${ms(k.max).padStart(9)}`,
    );
  lines.push('');
  lines.push(result.errors.length ? 'errors by kind:' : 'errors by kind: none');
  for (const e of result.errors) lines.push(`  ${String(e.count).padStart(6)}  ${e.key}`);
  lines.push('');
  lines.push('database checks:');
  for (const c of result.checks)
    lines.push(
      `  ${c.violations.length ? 'FAIL' : 'pass'}  ${c.name} (${c.checked} checked${c.violations.length ? `, ${c.violations.length} violations` : ''})`,
    );
  lines.push('');
  if (result.passed) lines.push('verdict: PASS');
  else {
    lines.push(`verdict: FAIL (${result.violations.length} violations)`);
    for (const v of result.violations) lines.push(`  - ${v}`);
  }
  return lines.join('\n');
}
