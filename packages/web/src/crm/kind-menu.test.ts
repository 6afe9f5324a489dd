import { describe, expect, it } from 'vitest';
import { kindMenu } from './kind-menu';
import { crmKinds } from './kinds';

describe('the CRM kind menu', () => {
  it('names each kind as its descriptor does, in the kinds’ order, with the same address, icon, badge and quick-create permission', () => {
    const fromKinds = crmKinds.map((k) => ({
      key: k.descriptor.key,
      name: k.descriptor.name,
      nameEn: k.descriptor.nameEn,
      permission: k.descriptor.permission,
      path: k.path,
      icon: (k.icon as { type: unknown }).type,
      badge: k.badge,
      quickAddAccess: k.quickAddAccess,
    }));
    const fromMenu = kindMenu.map((k) => ({ ...k, icon: (k.icon as { type: unknown }).type }));
    expect(fromMenu).toEqual(fromKinds);
  });
});
