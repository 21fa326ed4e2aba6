// First-load JavaScript per route from dist/web/.vite/manifest.json (scripts/bundle-report.ts):
// the largest form screen and the largest signed-in shell screen, against their budgets.
import { bundleReport, type RouteReport } from '../bundle-report';

export const FORM_SCREENS = ['/bank-account', '/registration', '/zelle'] as const;
export const SHELL_SCREENS = ['/dashboard', '/settings'] as const;

export interface ScreenGroup {
  /** Gzipped bytes of the heaviest route of the group. */
  js: number;
  route: string;
  routes: Record<string, number>;
}

export interface BundleResults {
  forms: ScreenGroup;
  shell: ScreenGroup;
  /** /auth/start alone, as the manifest says (the anchor of the anonymous visit). */
  authStart: number;
}

function group(report: RouteReport[], paths: readonly string[]): ScreenGroup {
  const routes: Record<string, number> = {};
  for (const path of paths) {
    const route = report.find((r) => r.path === path);
    if (!route) throw new Error(`the route table has no ${path}`);
    routes[path] = route.js;
  }
  const [route, js] = Object.entries(routes).reduce((a, b) => (b[1] > a[1] ? b : a));
  return { js, route, routes };
}

export async function measureBundles(): Promise<BundleResults> {
  const report = await bundleReport();
  const start = report.find((r) => r.path === '/auth/start');
  if (!start) throw new Error('the route table has no /auth/start');
  return {
    forms: group(report, FORM_SCREENS),
    shell: group(report, SHELL_SCREENS),
    authStart: start.js,
  };
}
