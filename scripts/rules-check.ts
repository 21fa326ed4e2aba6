// npm run rules:check — validates every country rule file and runs its examples.
import { checkRules } from '../src/core/rules/check-rules';

const report = checkRules();
for (const f of report.findings) {
  console.error(`✗ ${f.file}${f.example ? `, ${f.example}` : ''}: ${f.problem}`);
}
if (report.findings.length) {
  console.error(
    `\n${report.findings.length} problem(s) found. Fix the rule or the example, then run npm run rules:check again.`,
  );
  process.exit(1);
}
console.log(
  `✓ ${report.files} rule files valid, ${report.variants} form variants compile, ${report.examples} examples behave as described.`,
);
