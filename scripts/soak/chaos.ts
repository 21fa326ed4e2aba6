// npm run chaos: the soak's load while one process is killed (SIGKILL) and restarted, the database
// is cut for a few seconds (a TCP proxy between the servers and PostgreSQL), Redis is cut the same
// way (no error may show: limits fall back to each process), and the other process is stopped
// gracefully (SIGTERM) and restarted. Exits 1 on any violation.
import { parseOptions } from './options';
import { report, run, stopOnExit } from './run';

stopOnExit();
const options = parseOptions(process.argv.slice(2), {
  users: 200,
  seconds: 40,
  faults: ['kill', 'db-cut', 'redis-cut', 'term'],
});
const result = await run(options);
console.log(
  report(
    result,
    `chaos: ${options.users} users, ${options.seconds} s, faults ${options.faults.join(', ')}`,
  ),
);
process.exit(result.passed ? 0 : 1);
