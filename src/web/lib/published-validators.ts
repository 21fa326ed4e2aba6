// Validators of rules published after the portal was built (issue 16). The API lists the form
// variants the current rules version changed, each a module under a content-hashed URL with no
// imports of its own: it exports `bind(runtime, …)`, and the portal passes the runtime modules
// it bundles (only those the validator calls). Nothing is compiled in the browser; the CSP
// (script-src 'self') already allows these same-origin modules.
import type { JsonSchema } from '../../core/schemas/json-schema';
import type {
  PrecompiledModule,
  PrecompiledValidate,
  PublishedValidators,
  ServedVariant,
} from '../../core/validation/precompiled';
import { readBootData } from './boot-data';
import { setRulesVersionInUse } from './rules-version';

// Not imported from lib/api: the console loads this module without the portal's RTK Query.
const VALIDATORS_URL = '/master/rules/validators';
// Absolute, so the same code runs in the browser and under Node's fetch in tests.
const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);

interface BoundModule {
  key: string;
  schema: JsonSchema;
  needs: string[];
  bind(...runtimes: unknown[]): PrecompiledValidate;
}

// The order of bind's parameters (src/core/build/standalone-module.ts BOUND_RUNTIMES).
const RUNTIMES: [string, () => Promise<unknown>][] = [
  ['ukRuntime', () => import('../../core/validation/runtime-uk')],
  ['taxIdRuntime', () => import('../../core/validation/runtime-tax-id')],
  ['ibanRuntime', () => import('../../core/validation/runtime-iban')],
  ['cardRuntime', () => import('../../core/validation/runtime-card')],
];

const imported = new Map<string, Promise<PrecompiledModule>>();

/** Loads a served validator module and binds it to the portal's runtime modules. */
export function importValidatorModule(url: string): Promise<PrecompiledModule> {
  let module = imported.get(url);
  if (!module) {
    module = (async () => {
      const bound = (await import(/* @vite-ignore */ url)) as BoundModule;
      const [runtime, ...optional] = await Promise.all([
        import('../../core/validation/runtime'),
        ...RUNTIMES.map(([name, load]) => (bound.needs.includes(name) ? load() : undefined)),
      ]);
      return { key: bound.key, schema: bound.schema, validate: bound.bind(runtime, ...optional) };
    })();
    module.catch(() => imported.delete(url));
    imported.set(url, module);
  }
  return module;
}

/** The list, or without it (it could not be read) the build's validators: no version. */
interface Published extends Omit<PublishedValidators, 'rulesVersion'> {
  rulesVersion: number | null;
}

/** The list as the server wrote it into a page with a form (core/routes/boot-data.ts). */
const fromPage = (): PublishedValidators | undefined =>
  typeof document === 'undefined' ? undefined : readBootData()?.validators;

const fromApi = (): Promise<Partial<PublishedValidators>> =>
  fetch(`${origin()}${VALIDATORS_URL}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).then(async (response) => {
    if (!response.ok) throw new Error(`validators list answered ${response.status}`);
    return ((await response.json()) as { data: Partial<PublishedValidators> }).data;
  });

let published: Promise<Published> | undefined;
/** The answer's transfer methods by country, once it came: read while rendering (the picker). */
let settledMethods: ReadonlyMap<string, readonly string[]> | undefined;

/** Keeps the list for the page's forms; `answered` false when it could not be read. */
function settle(data: Partial<PublishedValidators>, answered = true): Published {
  const answer: Published = {
    rulesVersion: data.rulesVersion ?? null,
    variants: data.variants ?? [],
    transferMethods: data.transferMethods ?? [],
  };
  if (answered) setRulesVersionInUse(answer.rulesVersion);
  settledMethods = new Map(answer.transferMethods.map((c) => [c.country, c.methods]));
  return answer;
}

/**
 * The variants the published rules changed, once per page load: written into the page by the
 * server when its screen shows a form (then known before the first render), else asked for.
 * Forms opened in this tab keep the version they started with, and the API accepts it for its
 * grace period.
 */
export function publishedVariants(): Promise<Published> {
  if (!published) {
    const onPage = fromPage();
    published = onPage
      ? Promise.resolve(settle(onPage))
      : fromApi().then(
          (data) => settle(data),
          // Without the list the built validators still apply; the server checks every submission.
          () => settle({}, false),
        );
  }
  return published;
}

/**
 * The transfer methods the published rules changed, by country (`_default`: every country the
 * build has no variants of), once the list came; undefined while it loads (it starts loading).
 */
export function publishedTransferMethods(): ReadonlyMap<string, readonly string[]> | undefined {
  if (!settledMethods) void publishedVariants();
  return settledMethods;
}

/** The served variant for a form, country and method, if the published rules changed it. */
export async function findPublishedVariant(
  formId: string,
  country?: string,
  method?: string,
): Promise<ServedVariant | undefined> {
  const { variants } = await publishedVariants();
  const candidates = variants.filter((v) => v.formId === formId && v.country === country);
  return candidates.find((v) => !method || v.method === method);
}
