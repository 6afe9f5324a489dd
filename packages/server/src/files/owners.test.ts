import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { createFileOwnerRegistry } from './owners.ts';

const db = {} as Db;
const user = { userId: 7, isSuper: true } as SessionUser;

describe('file owner registry', () => {
  it('asks the owner kind with the user and the record id', async () => {
    const registry = createFileOwnerRegistry();
    const asked: [number, number][] = [];
    registry.register('crm_customer', {
      async canSee(_db, u, id) {
        asked.push([u.userId, id]);
        return id === 3;
      },
    });
    expect(await registry.canSee(db, user, { kind: 'crm_customer', id: 3 })).toBe(true);
    expect(await registry.canSee(db, user, { kind: 'crm_customer', id: 4 })).toBe(false);
    expect(asked).toEqual([
      [7, 3],
      [7, 4],
    ]);
  });

  it('asks a kind with parts about `<kind>.<part>`; a kind without parts refuses them', async () => {
    const registry = createFileOwnerRegistry();
    const asked: [number, string | undefined][] = [];
    registry.register('crm_customer', {
      parts: true,
      async canSee(_db, _u, id, part) {
        asked.push([id, part]);
        return part !== 'idCardUrl';
      },
    });
    registry.register('oa_task', { canSee: async () => true });
    expect(await registry.canSee(db, user, { kind: 'crm_customer.idCardUrl', id: 3 })).toBe(false);
    expect(await registry.canSee(db, user, { kind: 'crm_customer', id: 3 })).toBe(true);
    expect(asked).toEqual([
      [3, 'idCardUrl'],
      [3, undefined],
    ]);
    expect(await registry.canSee(db, user, { kind: 'oa_task.any', id: 1 })).toBe(false);
    expect(await registry.canSee(db, user, { kind: 'nobody.any', id: 1 })).toBe(false);
  });

  it('refuses an owner kind nobody registered, even to a super admin', async () => {
    expect(await createFileOwnerRegistry().canSee(db, user, { kind: 'chat', id: 1 })).toBe(false);
  });

  it('refuses a second registration of one kind', () => {
    const registry = createFileOwnerRegistry();
    registry.register('chat', { canSee: async () => true });
    expect(() => registry.register('chat', { canSee: async () => true })).toThrow(/twice/);
  });
});
