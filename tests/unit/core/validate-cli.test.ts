import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runValidateCli } from '../../../src/core/cli/validate-cli';
import { FORM_IDS } from '../../../src/core/schemas/compose';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';

const noStdin = async () => '';
const run = (args: string[], stdin = '') => runValidateCli(args, async () => stdin);

const validRecords: Record<(typeof FORM_IDS)[number], [string[], object]> = {
  register: [
    [],
    {
      email: 'ana@example.com',
      password: 'sunrise42',
      passwordConfirmation: 'sunrise42',
      preferredContact: 'EMAIL_ONLY',
      termsAccepted: true,
    },
  ],
  'profile-person': [
    [],
    { firstName: 'Ana', lastName: 'Lima', dob: '1990-01-01', residency: 'BR' },
  ],
  'profile-company': [[], { name: 'Acme Inc.', tin: '12-3456789', residency: 'US' }],
  address: [
    ['--country', 'US'],
    { countryCode: 'US', addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  ],
  phone: [[], { number: '+14155550123', phoneType: 'CELL' }],
  'bank-account': [
    ['--country', 'US', '--method', 'ACH'],
    {
      countryCode: 'US',
      transferMethod: 'ACH',
      nickname: 'Main',
      accountType: 'CHECKING',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountNumberConfirmation: '123456789',
    },
  ],
  'debit-card': [
    [],
    {
      nameOnCard: 'Ana Lima',
      pan: '4242424242424242',
      panConfirmation: '4242424242424242',
      expiryDate: '12/39',
      cvc: '123',
      addressLine1: '1 Main St',
      addressCity: 'Austin',
      addressPostalCode: '78701',
      addressCountryCode: 'US',
    },
  ],
  paypal: [[], { authorizationCode: 'C21AAKabc' }],
  zelle: [
    [],
    {
      tokenType: 'ZELLE_PHONE',
      email: 'ana@example.com',
      phone: '+14155550123',
      firstName: 'Ana',
      lastName: 'Lima',
    },
  ],
  'physical-check': [[], { preferred: true }],
  'guardian-invite': [
    [],
    {
      firstName: 'Maria',
      lastName: 'Lima',
      guardianEmail: 'maria@example.com',
      relationship: 'PARENT',
    },
  ],
  otp: [[], { otp: '123456' }],
};

describe('npm run validate', () => {
  it.each(FORM_IDS.map((f) => [f]))(
    '%s: exit 0 for a valid record, 1 with field errors for an empty one',
    async (formId) => {
      const [flags, record] = validRecords[formId];
      const ok = await run([formId, ...flags, '--data', JSON.stringify(record)]);
      expect(ok.stderr).toBe('');
      expect(JSON.parse(ok.stdout)).toEqual({ valid: true, errors: [] });
      expect(ok.code).toBe(0);
      if (formId === 'physical-check') return; // every field of it is optional
      const bad = await run([formId, ...flags, '--data', '{}']);
      expect(bad.code).toBe(1);
      const out = JSON.parse(bad.stdout) as {
        valid: boolean;
        errors: { path: string; keyword: string; message: string }[];
      };
      expect(out.valid).toBe(false);
      for (const e of out.errors) {
        expect(e.path).toMatch(/^\//);
        expect(e.keyword).toBeTruthy();
        expect(e.message).not.toMatch(/\{\{|undefined/);
      }
    },
  );

  it('reads the record from stdin', async () => {
    const result = await run(['otp'], '{"otp":"12a456"}');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).errors).toEqual([
      { path: '/otp', keyword: 'pattern', message: 'The code is 6 digits.' },
    ]);
  });

  it('names the field in the message', async () => {
    const result = await run([
      'bank-account',
      '--country',
      'US',
      '--method',
      'ACH',
      '--data',
      JSON.stringify({ ...validRecords['bank-account'][1], routingNumber: '021000022' }),
    ]);
    expect(JSON.parse(result.stdout).errors).toEqual([
      {
        path: '/routingNumber',
        keyword: 'abaRouting',
        message: 'Routing number is not a valid ABA routing number. Check the 9 digits.',
      },
    ]);
  });

  it.each([
    [['nope', '--data', '{}'], 'unknown form'],
    [[], 'exactly one form'],
    [['otp', '--data', '{bad'], 'not valid JSON'],
    [['otp', '--bogus'], 'Unknown option'],
    [['bank-account', '--country', 'DE', '--method', 'ACH', '--data', '{}'], 'not available'],
    [['bank-account', '--country', 'germany', '--data', '{}'], 'alpha-2'],
    [['otp'], 'no record'],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const result = await runValidateCli(args, noStdin);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });

  it('works as the npm script, with the exit codes of DESIGN.md section 5', () => {
    const ok = execFileSync(
      'npm',
      ['run', '-s', 'validate', '--', 'otp', '--data', '{"otp":"123456"}'],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(JSON.parse(ok)).toEqual({ valid: true, errors: [] });
    const bad = spawnSync('npm', ['run', '-s', 'validate', '--', 'phone'], {
      cwd: REPO_ROOT,
      input: '{"number":"123"}',
      encoding: 'utf8',
    });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).valid).toBe(false);
    const usage = spawnSync(
      'npm',
      ['run', '-s', 'validate', '--', 'unknown-form', '--data', '{}'],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(usage.status).toBe(2);
  });
});
