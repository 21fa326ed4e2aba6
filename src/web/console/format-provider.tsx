// The format builders' context on a country's page (format-context.ts): the field rules of the
// form being edited, and the live preview's compiled forms of the draft, loaded here, in which the
// builders' samples are checked.
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import type { FormData } from '../components/schema-form';
import type { PrecompiledModule } from '../../core/validation/precompiled';
import { importValidatorModule } from '../lib/published-validators';
import type { PreviewVariant } from './api';
import { CHECK_KEYWORDS, type Sample } from './format-checks';
import { FormatBuilder, type Rule, type Verdict } from './format-context';
import type { PreviewState } from './use-preview';

const isNode = (value: unknown): value is Rule =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const at = (root: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), root);

function setAt(root: FormData, path: readonly string[], value: Rule): FormData {
  const [key, ...rest] = path;
  if (key === undefined) return value as FormData;
  const child = isNode(root[key]) ? (root[key] as FormData) : {};
  return { ...root, [key]: rest.length ? setAt(child, rest, value) : value };
}

// Which composed form a field rule's section becomes (src/core/schemas/compose.ts).
const FORM_OF: Record<string, string> = {
  bankAccount: 'bank-account',
  address: 'address',
  identity: 'profile-person',
};

/** The variant a field rule is checked in: its section's form, its transfer method's if named. */
function variantFor(
  variants: readonly PreviewVariant[],
  modules: ReadonlyMap<string, PrecompiledModule>,
  path: readonly string[],
): { variant: PreviewVariant; module: PrecompiledModule } | 'absent' | null {
  const formId = FORM_OF[path[0] ?? ''];
  const method = path[1] === 'methods' ? path[2] : undefined;
  const field = path[path.length - 1] ?? '';
  const candidates = variants.filter(
    (v) => v.formId === formId && (method === undefined || v.method === method),
  );
  if (!candidates.length) return 'absent';
  let loading = false;
  for (const variant of candidates) {
    const module = modules.get(variant.url);
    if (!module) loading = true;
    else if (isNode(module.schema.properties?.[field])) return { variant, module };
  }
  return loading ? null : 'absent';
}

/** Whether the compiled property is the rule as it is now (the preview may lag an edit). */
function compiledIsCurrent(property: Rule, rule: Rule): boolean {
  if (typeof rule.pattern === 'string' && property.pattern !== rule.pattern) return false;
  for (const keyword of CHECK_KEYWORDS) {
    const wanted = rule[keyword];
    const compiled = property[keyword];
    if (wanted === undefined) continue;
    // `iban: true` compiles as the country's own list.
    if (keyword === 'iban' ? compiled === undefined : compiled !== wanted) return false;
  }
  return true;
}

export function FormatBuilderProvider({
  country,
  form,
  onChange,
  preview,
  children,
  loadModule = importValidatorModule,
}: {
  country: string;
  form: FormData;
  onChange: Dispatch<SetStateAction<FormData>>;
  preview: PreviewState;
  children: ReactNode;
  /** How a preview variant's module is loaded (tests compile the draft's forms themselves). */
  loadModule?: (url: string) => Promise<PrecompiledModule>;
}) {
  const variants = useMemo(
    () => (preview.status === 'ready' ? preview.preview.variants : []),
    [preview],
  );
  const [modules, setModules] = useState<ReadonlyMap<string, PrecompiledModule>>(new Map());
  useEffect(() => {
    let live = true;
    for (const { url } of variants)
      loadModule(url).then(
        (module) => live && setModules((was) => new Map(was).set(url, module)),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [variants, loadModule]);

  const ruleAt = useCallback(
    (path: readonly string[]) => {
      const rule = at(form, path);
      return isNode(rule) ? rule : {};
    },
    [form],
  );
  const changeRule = useCallback(
    (path: readonly string[], change: (rule: Rule) => Rule) =>
      onChange((was) => {
        const rule = at(was, path);
        return setAt(was, path, change(isNode(rule) ? rule : {}));
      }),
    [onChange],
  );
  const judge = useCallback(
    (path: readonly string[], samples: readonly Sample[]): Verdict[] => {
      // No preview yet, or the draft refused (a pattern that does not compile): nothing to say.
      if (preview.status !== 'ready') return samples.map(() => null);
      const found = variantFor(variants, modules, path);
      if (found === null || found === 'absent') return samples.map(() => found);
      const { variant, module } = found;
      const field = path[path.length - 1] as string;
      const property = module.schema.properties?.[field] as Rule;
      if (!compiledIsCurrent(property, ruleAt(path))) return samples.map(() => null);
      return samples.map((sample) => {
        const record = {
          ...(variant.country ? { countryCode: variant.country } : {}),
          ...(variant.method ? { transferMethod: variant.method } : {}),
          ...sample.with,
          [field]: sample.value,
        };
        module.validate(record);
        return !(module.validate.errors ?? []).some((e) => e.instancePath === `/${field}`);
      });
    },
    [preview.status, variants, modules, ruleAt],
  );
  const compiled = useCallback(
    (path: readonly string[]): Rule | null => {
      if (preview.status !== 'ready') return null;
      const found = variantFor(variants, modules, path);
      if (found === null || found === 'absent') return null;
      const property = found.module.schema.properties?.[path[path.length - 1] as string];
      return isNode(property) ? property : null;
    },
    [preview.status, variants, modules],
  );
  const value = useMemo(
    () => ({ country, ruleAt, changeRule, compiled, judge }),
    [country, ruleAt, changeRule, compiled, judge],
  );
  return <FormatBuilder.Provider value={value}>{children}</FormatBuilder.Provider>;
}
