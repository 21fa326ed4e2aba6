// The admin API's guard: a request must carry one of the configured keys (x-admin-key), and the
// routes learn which one by name (request.adminKeyName), for the audit log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminKey } from '../../config';
import { ApiError } from '../../errors';
import { adminKeyNamed } from '../../services/admin-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** The name of the admin key this request carried (set by the admin API's guard). */
    adminKeyName: string | null;
  }
}

/** Refuses (401) a request without a valid key; otherwise records which key it was. */
export function guardAdminKey(app: FastifyInstance, keys: readonly AdminKey[]): void {
  app.decorateRequest('adminKeyName', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const name = adminKeyNamed(keys, String(request.headers['x-admin-key'] ?? ''));
    if (name === null)
      throw new ApiError(401, 'Unauthorized: a valid x-admin-key header is required');
    request.adminKeyName = name;
  });
}

/** The audit log's actor of an admin request: `admin:<key name>`. */
export function adminActor(request: FastifyRequest): string {
  if (!request.adminKeyName) throw new Error('adminActor outside the admin API');
  return `admin:${request.adminKeyName}`;
}
