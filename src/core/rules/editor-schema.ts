// The rule file schema (country-rules/country-rules.schema.json) as the rules console's editor
// uses it, built once for both sides: its definitions inlined, so that neither the server's
// precompiled editor validator (GET /editor-schema) nor the console's form (src/web/console/
// editor-schema.ts, which simplifies it further for RJSF) has a $ref to resolve.

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How deep definitions may nest in one another (the meta-schema needs three). */
const MAX_DEPTH = 8;

/**
 * The schema with every `#/definitions/…` reference replaced by its definition (siblings of the
 * $ref kept over it), without `definitions` and `$id`. A pattern's `format: "regex"` is dropped:
 * a pattern is checked when a draft is saved (compiles, anchored, cannot backtrack), with messages
 * naming it, and the precompiled validators know no `regex` format.
 */
export function inlineRuleSchema(source: object): Node {
  const { definitions = {}, $id: _id, ...root } = source as Node & { definitions?: Node };
  const inline = (value: unknown, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((v) => inline(v, depth));
    if (!isNode(value)) return value;
    const { $ref, ...rest } = value;
    if (rest.format === 'regex') delete rest.format;
    if (typeof $ref === 'string') {
      const name = /^#\/definitions\/(\w+)$/.exec($ref)?.[1];
      if (!name || !isNode(definitions[name]) || depth > MAX_DEPTH)
        throw new Error(`country-rules.schema.json: cannot inline ${$ref}`);
      return { ...(inline(definitions[name], depth + 1) as Node), ...inlineAll(rest, depth) };
    }
    return inlineAll(rest, depth);
  };
  const inlineAll = (node: Node, depth: number): Node =>
    Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, depth)]));
  return inline(root, 0) as Node;
}
