// Which fields of the portal's forms a rule file sets, and the changes the rule editor makes to that
// list (issue 33 point 2): add a rule for a field the file does not set yet, remove one, turn a
// field off (`false`: the field is gone from the form, whatever the rules before said) or on again.
// The form data holds the rules; a field turned off is kept aside (editor-schema.ts `removed`).
import addressForm from '../../../schemas/forms/address.schema.json';
import bankAccountForm from '../../../schemas/forms/bank-account.schema.json';
import personForm from '../../../schemas/forms/profile-person.schema.json';
import type { EditorSplit } from './editor-schema';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type RemovedField = EditorSplit['aside']['removed'][number];
export type FieldMapPath = RemovedField['path'];
export type FieldState = 'rule' | 'off' | 'unset';

interface FormSchema {
  properties?: Record<string, { notEqual?: string }>;
}

/**
 * A form's fields a rule may speak of: not the country or transfer method (the variant's own
 * choice), not a confirmation (it follows its original).
 */
const ruledFields = (form: FormSchema, skip: string[]): string[] =>
  Object.entries(form.properties ?? {})
    .filter(([name, property]) => !skip.includes(name) && !property.notEqual)
    .map(([name]) => name);

const FIELDS = {
  address: ruledFields(addressForm as FormSchema, ['countryCode']),
  bankAccount: ruledFields(bankAccountForm as FormSchema, ['countryCode', 'transferMethod']),
  identity: ruledFields(personForm as FormSchema, ['residency']),
};

export interface FieldMap {
  path: FieldMapPath;
  /** The form the map's fields belong to (its section of the rule file). */
  section: keyof typeof FIELDS;
  /** The transfer method a per-method map applies to. */
  method?: 'ACH' | 'WIRE' | 'RTP';
  fields: readonly string[];
}

const at = (root: Node, path: readonly string[]): Node | undefined => {
  let node: unknown = root;
  for (const key of path) node = isNode(node) ? node[key] : undefined;
  return isNode(node) ? node : undefined;
};

/**
 * The field maps a rule file may hold: address, bank account, and its transfer methods' (those it
 * lists or already has rules for); identity numbers in a country's file only (shared rules may
 * not ask them).
 */
export function fieldMapsOf(form: Node, shared: boolean): FieldMap[] {
  const bank = at(form, ['bankAccount']);
  const listed = Array.isArray(bank?.transferMethods) ? (bank.transferMethods as string[]) : [];
  const methods = (['ACH', 'WIRE', 'RTP'] as const).filter(
    (m) => listed.includes(m) || at(form, ['bankAccount', 'methods', m]) !== undefined,
  );
  return [
    { path: ['address', 'fields'], section: 'address', fields: FIELDS.address },
    { path: ['bankAccount', 'fields'], section: 'bankAccount', fields: FIELDS.bankAccount },
    ...methods.map((method): FieldMap => ({
      path: ['bankAccount', 'methods', method, 'fields'],
      section: 'bankAccount',
      method,
      fields: FIELDS.bankAccount,
    })),
    ...(shared
      ? []
      : [{ path: ['identity', 'fields'], section: 'identity', fields: FIELDS.identity } as const]),
  ] as FieldMap[];
}

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, i) => key === b[i]);

/** What the file says of a field in a map: a rule, off (`false`), or nothing. */
export function fieldState(
  form: Node,
  removed: readonly RemovedField[],
  path: FieldMapPath,
  name: string,
): FieldState {
  if (removed.some((r) => r.name === name && samePath(r.path, path))) return 'off';
  return at(form, path)?.[name] !== undefined ? 'rule' : 'unset';
}

export interface Structure {
  form: Node;
  removed: RemovedField[];
}

/** The form data with the map at `path` replaced by `change`'s (objects made along the way). */
function withMap(form: Node, path: FieldMapPath, change: (map: Node) => Node): Node {
  const copy = structuredClone(form);
  let parent = copy;
  for (const key of path.slice(0, -1)) {
    if (!isNode(parent[key])) parent[key] = {};
    parent = parent[key] as Node;
  }
  const last = path[path.length - 1] as string;
  parent[last] = change(isNode(parent[last]) ? parent[last] : {});
  return copy;
}

const without = (removed: readonly RemovedField[], path: FieldMapPath, name: string) =>
  removed.filter((r) => !(r.name === name && samePath(r.path, path)));

/** A rule for a field the file does not set yet (an empty rule, to be filled in the form). */
export function addRule({ form, removed }: Structure, path: FieldMapPath, name: string): Structure {
  return {
    form: withMap(form, path, (map) => ({ ...map, [name]: {} })),
    removed: without(removed, path, name),
  };
}

/** The file says nothing of the field any more: the rules before it apply. */
export function removeRule(
  { form, removed }: Structure,
  path: FieldMapPath,
  name: string,
): Structure {
  return {
    form: at(form, path)
      ? withMap(form, path, (map) =>
          Object.fromEntries(Object.entries(map).filter(([k]) => k !== name)),
        )
      : form,
    removed: without(removed, path, name),
  };
}

/** The field is off (`false`): gone from the form whatever the rules before say. */
export function turnOff(structure: Structure, path: FieldMapPath, name: string): Structure {
  const { form, removed } = removeRule(structure, path, name);
  return { form, removed: [...removed, { path, name }] };
}

const ALL_MAPS: FieldMapPath[] = [
  ['address', 'fields'],
  ['identity', 'fields'],
  ['bankAccount', 'fields'],
  ['bankAccount', 'methods', 'ACH', 'fields'],
  ['bankAccount', 'methods', 'WIRE', 'fields'],
  ['bankAccount', 'methods', 'RTP', 'fields'],
];

/** A key naming the file's structure: which fields each map sets or turns off (the editor's shape). */
export const structureKey = ({ form, removed }: Structure): string =>
  JSON.stringify([
    ALL_MAPS.map((path) => Object.keys(at(form, path) ?? {})),
    removed.map((r) => [...r.path, r.name].join('.')),
  ]);
