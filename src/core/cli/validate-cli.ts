// The logic of `npm run validate`, kept free of process I/O so tests can call it directly.
import { parseArgs } from 'node:util';
import { loadCatalog } from '../schemas/catalog';
import { FORM_IDS, UnknownVariantError, isCountryForm } from '../schemas/compose';
import { TRANSFER_METHODS, type TransferMethod } from '../schemas/country-rules';
import { createFormValidator, type FormValidator } from '../validation/form-validator';
import { describeError } from '../i18n/messages';
import { loadLocale } from '../i18n/load-locales';

export interface CliResult {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

const USAGE = `usage: npm run validate -- <form> [--country CC] [--method ACH|WIRE|RTP] [--data '<json>']
  forms: ${FORM_IDS.join(', ')}
  The record is read from --data, or from stdin when --data is absent.`;

const usage = (problem: string): CliResult => ({
  code: 2,
  stdout: '',
  stderr: `${problem}\n${USAGE}`,
});

let sharedValidator: FormValidator | undefined;

export async function runValidateCli(
  argv: string[],
  readStdin: () => Promise<string>,
): Promise<CliResult> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        country: { type: 'string' },
        method: { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, stdout: USAGE, stderr: '' };
  if (positionals.length !== 1) return usage('expected exactly one form id');
  const formId = positionals[0] ?? '';
  if (!(FORM_IDS as readonly string[]).includes(formId)) return usage(`unknown form "${formId}"`);
  if (values.country !== undefined && !/^[A-Z]{2}$/.test(values.country)) {
    return usage(
      `--country must be an ISO 3166-1 alpha-2 code such as GB, not "${values.country}"`,
    );
  }
  if (
    values.method !== undefined &&
    !(TRANSFER_METHODS as readonly string[]).includes(values.method)
  ) {
    return usage(`--method must be one of ${TRANSFER_METHODS.join(', ')}`);
  }
  const text = values.data ?? (await readStdin());
  if (!text.trim()) return usage('no record given: pass --data or pipe JSON on stdin');
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return usage(`the record is not valid JSON: ${(error as Error).message}`);
  }

  sharedValidator ??= createFormValidator(loadCatalog());
  let result;
  try {
    const variantOptions = isCountryForm(formId)
      ? { country: values.country, method: values.method as TransferMethod | undefined }
      : {};
    result = sharedValidator.validate(formId, record, variantOptions);
  } catch (error) {
    // Only an explicitly requested variant can be unknown: the country does not offer --method.
    if (error instanceof UnknownVariantError) return usage(error.message);
    throw error;
  }
  const bundle = loadLocale('en');
  const { schema } = result.variant;
  const errors = result.errors.map((e) => ({
    path: e.path,
    keyword: e.keyword,
    message: describeError(e, schema, bundle),
  }));
  return {
    code: result.valid ? 0 : 1,
    stdout: JSON.stringify({ valid: result.valid, errors }),
    stderr: '',
  };
}
