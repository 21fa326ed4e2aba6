// npm run soak: 200 recipients at once for 60 s over two server processes on one PostgreSQL, then
// the database checked against what they were told. Exits 1 on any violation.
import { parseOptions } from './options';
import { report, run, stopOnExit } from './run';

stopOnExit();
const options = parseOptions(process.argv.slice(2), { users: 200, seconds: 60, faults: [] });
const result = await run(options);
console.log(report(result, `soak: ${options.users} users, ${options.seconds} s, two processes`));
process.exit(result.passed ? 0 : 1);
