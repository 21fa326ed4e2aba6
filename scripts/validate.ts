// npm run validate -- <form> [--country CC] [--method ACH|WIRE|RTP] [--data '<json>']
// Tries one record (from --data or stdin) against the form's rules. Prints
// {"valid":..,"errors":[{"path","keyword","message"}]}; exits 0 valid, 1 invalid, 2 usage error.
import { runValidateCli } from '../src/core/cli/validate-cli';

const readStdin = async (): Promise<string> => {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const { code, stdout, stderr } = await runValidateCli(process.argv.slice(2), readStdin);
if (stdout) process.stdout.write(stdout + '\n');
if (stderr) process.stderr.write(stderr + '\n');
process.exitCode = code;
