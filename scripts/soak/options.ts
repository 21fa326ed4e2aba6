// npm run soak -- [--users N] [--seconds S] [--think-ms MS] [--ramp-seconds S]
// npm run chaos -- [the same] [--faults kill,db-cut,redis-cut,term] [--cut-seconds S]
import type { Fault, RunOptions } from './run';

const FAULTS: Fault[] = ['kill', 'db-cut', 'redis-cut', 'term'];

export function parseOptions(
  argv: string[],
  defaults: { users: number; seconds: number; faults: Fault[] },
): RunOptions {
  const options: RunOptions = {
    ...defaults,
    cutSeconds: 4,
    thinkMs: 3_000,
    rampSeconds: 30,
    redisUrl: process.env.SOAK_REDIS_URL || 'redis://127.0.0.1:6379',
    log: (line) => console.log(line),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    if (arg === '--users') options.users = Number(value);
    else if (arg === '--seconds') options.seconds = Number(value);
    else if (arg === '--cut-seconds') options.cutSeconds = Number(value);
    else if (arg === '--think-ms') options.thinkMs = Number(value);
    else if (arg === '--ramp-seconds') options.rampSeconds = Number(value);
    else if (arg === '--faults') {
      const faults = value.split(',').filter(Boolean) as Fault[];
      const unknown = faults.filter((f) => !FAULTS.includes(f));
      if (unknown.length) throw new Error(`unknown fault ${unknown.join(', ')}`);
      options.faults = faults;
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!(options.users > 0) || !(options.seconds > 0))
    throw new Error('--users and --seconds must be positive numbers');
  if (!(options.thinkMs >= 0) || !(options.rampSeconds >= 0))
    throw new Error('--think-ms and --ramp-seconds must be zero or more');
  return options;
}
