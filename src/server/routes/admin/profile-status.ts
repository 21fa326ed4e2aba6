// PUT /master/admin/v1/profiles/{id}/status {status} (DESIGN.md section 5): operations' moves only
// (hold, release a hold, lock, deactivate, unblock), each audited with the key's name. The rule is
// domain/operator-status.ts; activation comes from proofing or a document decision, never from here.
import type { FastifyPluginAsync } from 'fastify';
import { changeStatusAsOperator } from '../../domain/operator-status';
import { PROFILE_STATUSES } from '../../domain/profile-lifecycle';
import type { ProfileStatus } from '../../../core/types/entities/profile-status';
import { data, entity, exact, uuid } from '../../openapi/responses';
import { adminActor } from './admin-key';

const profileStatusRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  app.put(
    '/profiles/:id/status',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary:
          "An operator's move: ON_HOLD (an ACTIVATED profile), ACTIVATED (releasing a hold), LOCKED, DEACTIVATED, or back to the status before the block",
        security: [{ adminKey: [] }],
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
      const { id } = request.params as { id: string };
      const { status } = request.body as { status: ProfileStatus };
      return { data: await changeStatusAsOperator(db, id, status, adminActor(request)) };
    },
  );
};
export default profileStatusRoutes;
