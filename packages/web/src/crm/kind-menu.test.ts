import { describe, expect, it } from 'vitest';
import { kindMenu } from './kind-menu';
import { crmKinds } from './kinds';
import { kindIcons } from './routes';

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
    // The menu's icon of a kind comes with the CRM menu (routes.tsx), the rest with the light kind menu.
    const fromMenu = kindMenu.map((k) => ({ ...k, icon: (kindIcons[k.key] as { type: unknown }).type }));
    expect(fromMenu).toEqual(fromKinds);
  });
});
