// The layer rules of eslint.config.js (issue 30) are what keep the portal's features apart and its
// imports acyclic; this lints code that breaks each one, placed where it would be written, and
// fails if the linter lets it through.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the linter keeps the boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const found = await problems(
      'src/web/features/claims/components/new-panel.tsx',
      "import { PaymentMethodsList } from '../../payment-methods/components/payout-method-list';\nexport const x = PaymentMethodsList;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths: .*a feature imports no other feature/);
  });

  it('refuses a feature importing the app', async () => {
    const found = await problems(
      'src/web/features/claims/components/new-panel.tsx',
      "import { ROUTES } from '../../../app/route-table';\nexport const x = ROUTES;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths: .*features do not import the app/);
  });

  it('refuses shared components importing a feature', async () => {
    const found = await problems(
      'src/web/components/new-widget.tsx',
      "import { useGetClaimsQuery } from '../features/claims/api/claims-api';\nexport const x = useGetClaimsQuery;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths: .*shared code imports no feature/);
  });

  it('refuses core importing the server or the portal', async () => {
    const found = await problems(
      'src/core/new-rule.ts',
      "import { ApiError } from '../server/errors';\nexport const x = ApiError;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths: .*core is shared/);
  });

  it('refuses an import cycle', async () => {
    // lib/store-hooks imports lib/api: the API layer importing it back closes a cycle.
    const found = await problems(
      'src/web/lib/api.ts',
      "import { rootReducer } from './store-hooks';\nexport const x = rootReducer;\n",
    );
    expect(found.join('\n')).toMatch(/import-x\/no-cycle/);
  });

  it('accepts what the layers allow', async () => {
    const found = await problems(
      'src/web/features/claims/components/new-panel.tsx',
      "import { useGetProfileQuery } from '../../../api/profile-api';\nimport { Spinner } from '../../../components/spinner';\nexport const x = [useGetProfileQuery, Spinner];\n",
    );
    expect(found.filter((p) => p.startsWith('import-x'))).toEqual([]);
  });
});
