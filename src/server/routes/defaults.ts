// Per-plugin route defaults: what every route of a plugin shares (its access rule, its tag in the
// API document) is said once, by an onRoute hook, instead of on each route. A route that says
// otherwise keeps its own value. Add it before the plugin registers routes or child plugins.
import type { FastifyContextConfig, FastifyInstance } from 'fastify';

export interface RouteDefaults {
  /** Access rule and other route config (`admin`, `staff`, ...), e.g. `{ admin: true }`. */
  config?: Partial<FastifyContextConfig>;
  /** The API document's tags. */
  tags?: readonly string[];
}

export function routeDefaults(app: FastifyInstance, defaults: RouteDefaults): void {
  app.addHook('onRoute', (route) => {
    if (defaults.config) {
      // In place: the route inventory (app.ts) and the API document's hook hold this object, and
      // the session gates and the document read it after every onRoute hook has run.
      const config = (route.config ??= {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(defaults.config))
        if (config[key] === undefined) config[key] = value;
    }
    if (defaults.tags && !route.schema?.tags)
      route.schema = { ...route.schema, tags: [...defaults.tags] };
  });
}
