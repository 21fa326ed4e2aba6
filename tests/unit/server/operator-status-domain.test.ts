// Operations' status moves without HTTP (issue 29 point 5, issue 30): domain/operator-status.ts
// decides which moves the admin API may make and what an unblock returns to. The profile is
// registered and activated through the API as in life; the moves are then made by calling the
// domain directly, and read back through the audit log's domain function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/domain/admin-audit';
import { changeStatusAsOperator, operatorMove } from '../../../src/server/domain/operator-status';
import {
  activatedUser,
  registeredUser,
  startTestApp,
  type TestApp,
} from '../../api/support/harness';

describe('domain/operator-status', () => {
  describe('operatorMove (the rule)', () => {
    it('holds only an ACTIVATED profile and releases only a hold', () => {
      expect(operatorMove('ACTIVATED', 'ON_HOLD', null)).toEqual({
        move: 'hold',
        status: 'ON_HOLD',
        statusBeforeBlock: null,
      });
      expect(operatorMove('ON_HOLD', 'ACTIVATED', null).move).toBe('release');
      expect(() => operatorMove('VERIFIED', 'ON_HOLD', null)).toThrow(/^IllegalStatusTransition/);
    });

    it('never activates by itself: ACTIVATED comes from proofing or a document decision', () => {
      for (const from of ['VERIFIED', 'ID_PROOFING_PENDING', 'ID_PROOFING_FAILED'] as const)
        expect(() => operatorMove(from, 'ACTIVATED', null)).toThrow(/^IllegalStatusTransition/);
      expect(() => operatorMove('CREATED', 'VERIFIED', null)).toThrow(/^IllegalStatusTransition/);
    });

    it('a block remembers the status it interrupted; a deactivation of a lock keeps the lock’s', () => {
      expect(operatorMove('VERIFIED', 'LOCKED', null)).toEqual({
        move: 'lock',
        status: 'LOCKED',
        statusBeforeBlock: 'VERIFIED',
      });
      expect(operatorMove('LOCKED', 'DEACTIVATED', 'VERIFIED')).toEqual({
        move: 'deactivate',
        status: 'DEACTIVATED',
        statusBeforeBlock: 'VERIFIED',
      });
    });

    it('unblocks only back to the remembered status', () => {
      expect(operatorMove('LOCKED', 'VERIFIED', 'VERIFIED')).toEqual({
        move: 'unblock',
        status: 'VERIFIED',
        statusBeforeBlock: null,
      });
      expect(() => operatorMove('LOCKED', 'ACTIVATED', 'VERIFIED')).toThrow(
        /^IllegalStatusTransition/,
      );
      expect(() => operatorMove('DEACTIVATED', 'ACTIVATED', null)).toThrow(
        /^IllegalStatusTransition/,
      );
    });

    it('leaves the last word to the state machine (no second lock)', () => {
      expect(() => operatorMove('LOCKED', 'LOCKED', 'ACTIVATED')).toThrow();
    });
  });

  describe('changeStatusAsOperator (the move, stored and audited)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite');
    });
    afterAll(async () => t?.close());

    it('locks, unblocks to the status before, and audits each move with the key’s name', async () => {
      const { db } = t.app.deps;
      const user = await activatedUser(t.app);
      const actor = 'admin:ops-desk';
      expect(await changeStatusAsOperator(db, user.profileId, 'ON_HOLD', actor)).toEqual({
        id: user.profileId,
        status: 'ON_HOLD',
      });
      await changeStatusAsOperator(db, user.profileId, 'LOCKED', actor);
      // The lock remembered ON_HOLD, so ACTIVATED is not where it returns.
      await expect(
        changeStatusAsOperator(db, user.profileId, 'ACTIVATED', actor),
      ).rejects.toMatchObject({ statusCode: 409 });
      await changeStatusAsOperator(db, user.profileId, 'ON_HOLD', actor);
      expect((await user.browser.api('GET', '/me/status')).body).toMatchObject({
        data: { status: 'ON_HOLD' },
      });

      const log = await auditLog(db, { subject: user.profileId });
      expect(log.map((r) => [r.actor, r.action, r.detail])).toEqual([
        [actor, 'profile.unblock', { from: 'LOCKED', to: 'ON_HOLD' }],
        [actor, 'profile.lock', { from: 'ON_HOLD', to: 'LOCKED' }],
        [actor, 'profile.hold', { from: 'ACTIVATED', to: 'ON_HOLD' }],
      ]);
    });

    it('changes nothing and audits nothing when the move is refused', async () => {
      const { db } = t.app.deps;
      const user = await registeredUser(t.app);
      await expect(
        changeStatusAsOperator(db, user.profileId, 'ACTIVATED', 'admin:ops-desk'),
      ).rejects.toThrow(/^IllegalStatusTransition/);
      expect(await auditLog(db, { subject: user.profileId })).toEqual([]);
      expect((await user.browser.api('GET', '/me/status')).body).toMatchObject({
        data: { status: 'CREATED' },
      });
    });

    it('answers 404 for an unknown profile', async () => {
      await expect(
        changeStatusAsOperator(
          t.app.deps.db,
          '00000000-0000-4000-8000-000000000000',
          'LOCKED',
          'admin:ops-desk',
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });
});
