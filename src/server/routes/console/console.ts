// The rules console's API (/master/console/v1): staff sign-in, sign-out and the audit log
// (session.ts), the staff member's own account (account.ts) and the rules workflow (rules.ts).
// Every route here is a staff route, in the API document's `console` tag.
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';
import accountRoutes from './account';
import rulesRoutes from './rules';
import sessionRoutes from './session';

const consoleRoutes: TypedRoutes = async (app) => {
  routeDefaults(app, { config: { staff: true }, tags: ['console'] });
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(rulesRoutes);
};
export default consoleRoutes;
