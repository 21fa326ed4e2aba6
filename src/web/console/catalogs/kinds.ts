// The kinds of value a rule file's place takes (the meta-schema's types), as a catalog names them:
// "boolean" → "yes or no"; several joined with the language's "or".
import type { FindingParams } from '../../../core/rules/finding-codes';

export const kindsOf = (p: FindingParams, names: Record<string, string>, or: string): string =>
  String(p.type)
    .split(', ')
    .map((k) => names[k] ?? k)
    .join(` ${or} `);
