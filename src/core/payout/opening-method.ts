// The transfer method a bank-account form opens on in a country: the bank-account page opens its
// form there (web components/schema-form/variant-loader.ts), and the server announces that
// variant's files with the page (server/services/portal-page.ts), not every method's.

/** Transfer methods by country, as the published rules list those that differ from the build. */
export type PublishedMethods = ReadonlyMap<string, readonly string[]>;

/**
 * A country's transfer methods: the published rules' where they differ from the build, else the
 * build's (`built`); a country neither knows follows `_default`, the published one first.
 */
export function countryTransferMethods(
  country: string | undefined,
  published: PublishedMethods,
  built: (country: string) => readonly string[] | undefined,
): string[] {
  const of = (name: string) => published.get(name) ?? built(name);
  const list = (country && of(country)) ?? of('_default') ?? [];
  return [...new Set(list)];
}

/** The methods the merchant pays to (`offered`, the configuration's payout types; all without). */
export const offeredOnly = (methods: string[], offered?: readonly string[]): string[] =>
  offered ? methods.filter((m) => offered.includes(m)) : methods;

/** The method a form opens on: the one asked for if offered, else the first offered. */
export const openingMethod = (methods: readonly string[], asked?: string): string | undefined =>
  asked && methods.includes(asked) ? asked : methods[0];
