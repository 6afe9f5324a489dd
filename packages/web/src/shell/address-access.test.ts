import { buildAuthObject } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { isAddressAllowed } from './address-access';
import { areas } from './areas';

describe('isAddressAllowed', () => {
  const staff = buildAuthObject(['oa:examine:use']);
  const flowAdmin = buildAuthObject(['oa:examine:use', 'manage:backstage:look', 'manage:oa:examine']);

  it('opens a page of the route table that the user may see, whatever its query', () => {
    expect(isAddressAllowed(staff, areas, '/workbench/examine?tab=waiting')).toBe(true);
    expect(isAddressAllowed(flowAdmin, areas, '/manager/system-workbench')).toBe(true);
  });

  it('refuses a page the user may not open, and addresses no page answers', () => {
    expect(isAddressAllowed(staff, areas, '/manager/system-workbench')).toBe(false);
    expect(isAddressAllowed(buildAuthObject([]), areas, '/workbench/examine')).toBe(false);
    expect(isAddressAllowed(flowAdmin, areas, '/workbench/task')).toBe(false);
    expect(isAddressAllowed(flowAdmin, areas, '/manager')).toBe(false);
  });
});
