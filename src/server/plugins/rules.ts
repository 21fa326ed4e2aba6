// Keeps the country rules current without a restart (services/rules-source.ts): before a route
// runs, the process checks (at most every RULES_CHECK_MS) whether rules were published, and swaps
// its validators. A request naming the rules version its form started with (x-rules-version) is
// validated with that version while it is within its grace period. Every API answer says which
// rules version the server validates with now (x-rules-version), so a client knows what to send.
// The rules console's checks and module builds run in worker threads (`rulesChecks`), ended when
// the server closes.
import fp from 'fastify-plugin';
import type { FormValidator } from '../../core/validation/form-validator';
import type { RulesSource } from '../services/rules-source';
import { createValidatorStore, type ValidatorStore } from '../services/published-validators';
import { attachRulesChecks, createRulesChecks, type RulesChecks } from '../services/rules-checks';
import { createStoredValidators, type StoredValidators } from '../services/stored-validators';

declare module 'fastify' {
  interface FastifyInstance {
    rules: RulesSource;
    /** Previewed rules' validator modules (published ones are stored: services/stored-validators.ts). */
    validatorModules: ValidatorStore;
    /** The rules console's checks and module builds, in worker threads (issue 29 point 2). */
    rulesChecks: RulesChecks;
    /** Published versions' validator modules, built once and stored (services/stored-validators.ts). */
    storedValidators: StoredValidators;
  }
  interface FastifyRequest {
    /** The previous rules version's validator the client asked for (grace period), or null. */
    rulesValidator: FormValidator | null;
  }
}

export const RULES_VERSION_HEADER = 'x-rules-version';

export default fp(async function rulesPlugin(app, opts: { source: RulesSource }) {
  const { source } = opts;
  app.decorate('rules', source);
  app.decorate('validatorModules', createValidatorStore());
  const checks = createRulesChecks(app.deps.config.rulesWorkers);
  app.decorate('rulesChecks', checks);
  app.decorate('storedValidators', createStoredValidators(app.deps.db, source, checks));
  attachRulesChecks(source, checks);
  app.addHook('onClose', () => checks.close());
  app.decorateRequest('rulesValidator', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.staticFiles || config.sessionless) return;
    // A failed check keeps the rules in use (the route itself answers 503 if it needs the
    // database): checking for new rules never makes a request fail.
    await source
      .refresh()
      .catch((error: unknown) =>
        request.log.warn({ err: error }, 'rules: could not check for newly published rules'),
      );
    const asked = request.headers[RULES_VERSION_HEADER];
    if (typeof asked === 'string' && /^\d{1,9}$/.test(asked)) {
      const version = await source.graceVersion(Number(asked)).catch(() => null);
      if (version && version.id !== source.current.id) request.rulesValidator = version.validator;
    }
    reply.header(RULES_VERSION_HEADER, String(source.current.id));
  });
});
