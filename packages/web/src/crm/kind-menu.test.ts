import { describe, expect, it } from 'vitest';
import { kindMenu } from './kind-menu';
import { crmKinds } from './kinds';
import { kindIcons } from './routes';

describe('the CRM kind menu', () => {
  it('names each kind as its descriptor does, in the kinds’ order, with the same address, badge and quick-create permission, each with its icon', () => {
    const fromKinds = crmKinds.map((k) => ({
      key: k.descriptor.key,
      name: k.descriptor.name,
      nameEn: k.descriptor.nameEn,
      permission: k.descriptor.permission,
      path: k.path,
      badge: k.badge,
      quickAddAccess: k.quickAddAccess,
    }));
    expect(kindMenu).toEqual(fromKinds);
    // The menu's icon of a kind comes with the CRM menu (routes.tsx), the rest with the light kind menu.
    for (const k of kindMenu) expect(kindIcons[k.key], k.key).toBeTruthy();
  });
});
