import { menuTreeForRoleType } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { branchKeys, leafKeys, permissionsToSave, toTreeData } from './permission-tree';

describe('permission tree', () => {
  const tree = toTreeData(menuTreeForRoleType(1), 'zh');

  it('keys nodes by their full path', () => {
    expect(tree[0]!.key).toBe('manage');
    expect(leafKeys(tree)).toContain('manage:users:userSave');
    expect(branchKeys(tree)).toContain('manage:users');
    expect(branchKeys(tree)).not.toContain('manage:users:userSave');
  });

  it('saves leaves only, of this tree only', () => {
    expect(permissionsToSave(['manage', 'manage:users', 'manage:users:read', 'crm:customer:save'], tree)).toEqual([
      'manage:users:read',
    ]);
  });

  it('titles in English on request', () => {
    expect(toTreeData(menuTreeForRoleType(1), 'en')[0]!.title).toBe('Administration');
  });
});
