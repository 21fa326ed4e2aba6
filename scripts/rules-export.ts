// The writer of `npm run rules:export`: the published rules the server answers are written into the
// rules folder under the file names the folder holds, and nothing else. The names come from the
// server, so a hostile or broken one ("../x", "/etc/passwd", "a/b", "country-rules.schema") is
// refused before anything is written: either every file is written or none.
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as prettier from 'prettier';

/** A country's rules: an ISO 3166-1 alpha-2 code. */
const COUNTRY = /^[A-Z]{2}$/;
/** A shared rule file ("_iban", "_euro"): written only over a file of that name already there. */
const SHARED = /^_[a-z]+$/;

/** The file a published rule name is written to in `dir`, or null when the name is not expected. */
export function ruleFilePath(dir: string, name: string): string | null {
  const expected =
    COUNTRY.test(name) ||
    name === '_default' ||
    (SHARED.test(name) && existsSync(join(dir, `${name}.json`)));
  if (!expected) return null;
  const folder = resolve(dir);
  const path = resolve(folder, `${name}.json`);
  // Never outside the folder, whatever the patterns above let through.
  return dirname(path) === folder ? path : null;
}

export class RefusedRuleFiles extends Error {
  constructor(readonly names: string[]) {
    super(
      `refused the server's rule names ${names.map((n) => JSON.stringify(n)).join(', ')}: ` +
        'expected a country code (two capital letters), _default or a shared rule file already ' +
        'in the folder; nothing was written',
    );
    this.name = 'RefusedRuleFiles';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Writes each rule file, formatted like the repository's files, and returns the names written.
 * Throws RefusedRuleFiles, having written nothing, when any name is not an expected file name (or
 * its content is not an object).
 */
export async function writeExportedRules(
  dir: string,
  rules: Record<string, unknown>,
): Promise<string[]> {
  const files: { name: string; path: string; content: Record<string, unknown> }[] = [];
  const refused: string[] = [];
  for (const [name, content] of Object.entries(rules)) {
    const path = ruleFilePath(dir, name);
    if (path && isRecord(content)) files.push({ name, path, content });
    else refused.push(name);
  }
  if (refused.length) throw new RefusedRuleFiles(refused);
  // Formatted first, written after: a formatting failure leaves the folder as it was too.
  const texts = await Promise.all(
    files.map(async ({ path, content }) => {
      const options = (await prettier.resolveConfig(path)) ?? {};
      return prettier.format(JSON.stringify(content, null, 2), { ...options, filepath: path });
    }),
  );
  files.forEach(({ path }, i) => writeFileSync(path, texts[i] ?? ''));
  return files.map(({ name }) => name);
}

/**
 * Deletes the files of the countries the console retired (they follow the shared rules again) and
 * returns the names deleted. Only a country's own file (two capital letters) is ever deleted, never
 * a shared rule; a hostile or broken name is refused, with nothing deleted.
 */
export function removeRetiredRules(dir: string, names: readonly string[]): string[] {
  const refused = names.filter((name) => !COUNTRY.test(name) || ruleFilePath(dir, name) === null);
  if (refused.length) throw new RefusedRuleFiles(refused);
  const present = names.filter((name) => existsSync(join(dir, `${name}.json`)));
  for (const name of present) unlinkSync(join(dir, `${name}.json`));
  return present;
}
