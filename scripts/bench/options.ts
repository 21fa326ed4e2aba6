// npm run bench [-- --check] [--quick] [--only api|bundles|keys|usable|lighthouse[,...]] [--json <file>]
export const PARTS = ['api', 'bundles', 'keys', 'usable', 'lighthouse'] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  check: boolean;
  quick: boolean;
  parts: ReadonlySet<Part>;
  jsonFile: string;
  /** autocannon connections of every HTTP measure. */
  connections: number;
  /** Seconds of each measured read run, and of its warm-up. */
  seconds: number;
  warmupSeconds: number;
  /** Bank accounts added and claims accepted by the write measures. */
  bankAccounts: number;
  claims: number;
  /** Milliseconds between two keystrokes. */
  keyDelay: number;
  /** Fields typed into (all four; --quick: the nickname and the routing number). */
  typedFields: number;
  /**
   * Page loads of each page by the usable-form measure (its median is reported): seven, since one
   * load's ratio to the stock page's beside it ranges over ±6% on this machine, and a median of
   * three then crossed the 1.0x line on noise (docs/performance.md, 2026-11-28, morning).
   */
  usableRuns: number;
  /** The screens Lighthouse measures (--quick: /bank-account only). */
  lighthouseScreens: readonly string[];
}

/** The screens Lighthouse measures: the anonymous start page, then three signed-in screens. */
export const LIGHTHOUSE_SCREENS = ['/auth/start', '/dashboard', '/settings', '/bank-account'];
export const LIGHTHOUSE_QUICK_SCREENS = ['/bank-account'];
/** The screens Lighthouse measures without a session (the others with the bench user's). */
export const ANONYMOUS_SCREENS = ['/auth/start'];

export const USAGE = `usage: npm run bench -- [--check] [--quick] [--only api,bundles,keys,usable,lighthouse] [--json <file>]
  --check   exit 1 when a budget is broken
  --quick   short runs (2 s per read measure, one page load per usable-form measure, Lighthouse
            on /bank-account only), for the test suite
  --only    run only these parts
  --json    where to write the results (default test-results/bench.json)`;

export function parseOptions(argv: string[], defaultJson: string): BenchOptions {
  const quick = argv.includes('--quick');
  let parts: Set<Part> = new Set(PARTS);
  let jsonFile = defaultJson;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--check' || arg === '--quick') continue;
    if (arg === '--only' || arg === '--json') {
      const value = argv[++i];
      if (!value) throw new Error(`${arg} needs a value\n${USAGE}`);
      if (arg === '--json') jsonFile = value;
      else {
        const names = value.split(',').map((s) => s.trim());
        const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
        if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}\n${USAGE}`);
        parts = new Set(names as Part[]);
      }
      continue;
    }
    throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return {
    check: argv.includes('--check'),
    quick,
    parts,
    jsonFile,
    connections: 10,
    seconds: quick ? 2 : 10,
    warmupSeconds: quick ? 1 : 3,
    bankAccounts: quick ? 40 : 400,
    claims: quick ? 5 : 20,
    keyDelay: 100,
    typedFields: quick ? 2 : 4,
    usableRuns: quick ? 1 : 7,
    lighthouseScreens: quick ? LIGHTHOUSE_QUICK_SCREENS : LIGHTHOUSE_SCREENS,
  };
}
