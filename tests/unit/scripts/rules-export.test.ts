// `npm run rules:export` writes the file names the server answers: a hostile or broken server must
// not make it write outside country-rules/ or over a file that is not a rule file.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  RefusedRuleFiles,
  removeRetiredRules,
  ruleFilePath,
  writeExportedRules,
} from '../../../scripts/rules-export';

let root: string;
let rulesDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rules-export-'));
  rulesDir = join(root, 'country-rules');
  mkdirSync(rulesDir);
  writeFileSync(join(rulesDir, '_iban.json'), '{}\n');
  writeFileSync(join(rulesDir, 'country-rules.schema.json'), '{"schema": true}\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every file under root, as paths relative to it. */
const filesUnder = (): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();

const HOSTILE = [
  '../x',
  '../../tmp/x',
  '/etc/passwd',
  'a/b',
  'GB/../../x',
  '..',
  '',
  'gb',
  'GBR',
  'GB.json',
  'GB\u0000',
  'country-rules.schema',
  '_evil',
  '_default/../../x',
];

describe('rules:export writer', () => {
  it.each(HOSTILE)('refuses the name %j and writes nothing', async (name) => {
    expect(ruleFilePath(rulesDir, name)).toBeNull();
    const before = filesUnder();
    const writing = writeExportedRules(rulesDir, { GB: { country: 'GB' }, [name]: { x: 1 } });
    await expect(writing).rejects.toThrow(RefusedRuleFiles);
    await expect(writing).rejects.toThrow(JSON.stringify(name));
    // Not even the valid GB: either every file is written or none.
    expect(filesUnder()).toEqual(before);
  });

  it('refuses content that is not an object', async () => {
    await expect(writeExportedRules(rulesDir, { GB: [1, 2] })).rejects.toThrow(/"GB"/);
    await expect(writeExportedRules(rulesDir, { GB: null })).rejects.toThrow(/"GB"/);
    expect(filesUnder()).toEqual([
      'country-rules/_iban.json',
      'country-rules/country-rules.schema.json',
    ]);
  });

  it('writes countries, _default and the shared rule files already there, formatted', async () => {
    const written = await writeExportedRules(rulesDir, {
      GB: { country: 'GB', fields: ['a', 'b'] },
      _default: { country: '_default' },
      _iban: { country: '_iban' },
    });
    expect(written).toEqual(['GB', '_default', '_iban']);
    expect(filesUnder()).toEqual([
      'country-rules/GB.json',
      'country-rules/_default.json',
      'country-rules/_iban.json',
      'country-rules/country-rules.schema.json',
    ]);
    expect(readFileSync(join(rulesDir, 'GB.json'), 'utf8')).toBe(
      '{\n  "country": "GB",\n  "fields": ["a", "b"]\n}\n',
    );
    expect(readFileSync(join(rulesDir, 'country-rules.schema.json'), 'utf8')).toBe(
      '{"schema": true}\n',
    );
  });

  it('deletes the files of retired countries only, never a shared rule or a hostile name', () => {
    writeFileSync(join(rulesDir, 'NG.json'), '{}\n');
    expect(() => removeRetiredRules(rulesDir, ['NG', '_iban'])).toThrow(RefusedRuleFiles);
    expect(() => removeRetiredRules(rulesDir, ['../x'])).toThrow(RefusedRuleFiles);
    expect(filesUnder()).toContain('country-rules/NG.json');
    expect(removeRetiredRules(rulesDir, ['NG', 'ZA'])).toEqual(['NG']);
    expect(filesUnder()).toEqual([
      'country-rules/_iban.json',
      'country-rules/country-rules.schema.json',
    ]);
  });
});
