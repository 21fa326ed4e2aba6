// The rules version this tab's forms validate with, once the published validators are known
// (lib/published-validators sets it). Its own module: the API layer, which every page loads,
// reads it for the x-rules-version header without loading the validators' code.
let versionInUse: number | null = null;

export const rulesVersionInUse = (): number | null => versionInUse;

export const setRulesVersionInUse = (version: number | null): void => {
  versionInUse = version;
};
