// npm run gen:types [-- --check] — TypeScript types from schemas/entities and schemas/forms into
// src/core/types/. With --check, fails when the committed files differ from what would be written.
import { generateTypes } from '../src/core/build/gen-types';

const check = process.argv.includes('--check');
const { stale, written } = await generateTypes({ check });
if (check && stale.length) {
  console.error(
    `Generated types are stale; run npm run gen:types and commit:\n  ${stale.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  check ? `✓ ${written} generated type files are up to date.` : `Wrote ${written} type files.`,
);
