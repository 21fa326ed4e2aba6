// PUT /master/admin/v1/profiles/{id}/status {status} (DESIGN.md section 5): operations' moves only
// (hold, release a hold, lock, deactivate, unblock), each audited with the key's name. The rule is
// domain/operator-status.ts; activation comes from proofing or a document decision, never from here.
import { changeStatusAsOperator } from '../../domain/operator-status';
import { PROFILE_STATUSES } from '../../../core/types/statuses';
import { data, entity, exact, uuid } from '../../openapi/responses';
import type { TypedRoutes } from '../typed';
import { adminActor } from './admin-key';

const profileStatusRoutes: TypedRoutes = async (app) => {
  const { db } = app.deps;

  app.put(
    '/profiles/:id/status',
    {
      schema: {
        summary:
          "An operator's move: ON_HOLD (an ACTIVATED profile), ACTIVATED (releasing a hold), LOCKED, DEACTIVATED, or back to the status before the block",
        params: {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' } },
          required: ['id'],
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['status'],
          properties: { status: { type: 'string', enum: [...PROFILE_STATUSES] } },
        },
        response: { 200: data(exact({ id: uuid, status: entity('profile-status') })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      return { data: await changeStatusAsOperator(db, id, status, adminActor(request)) };
    },
  );
};
export default profileStatusRoutes;
