import { authHas, builtStations, workflowPermissionNodes } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { workflowArea } from '@/workflow/area';

describe('the nurses’ station', () => {
  it('is routed by its station leaf and joins the permission tree with its page', () => {
    expect(workflowArea.routes).toContainEqual({ path: 'nursesStation', access: 'oa.workflow.nursesStation' });
    expect(builtStations).toContain('nursesStation');
    const leaves = workflowPermissionNodes()[0]!.children!.map((c) => c.key);
    expect(leaves).toContain('nursesStation');
    const nurse = { oa: { workflow: { nursesStation: true } } };
    expect(authHas(nurse as never, 'oa.workflow.nursesStation')).toBe(true);
    expect(authHas({ oa: { workflow: { triage: true } } } as never, 'oa.workflow.nursesStation')).toBe(false);
  });

  it('sits in the 流程 menu in the spec’s order, after the cashier desk', () => {
    const paths = workflowArea.routes.map((r) => r.path);
    expect(paths.indexOf('nursesStation')).toBeGreaterThan(paths.indexOf('cashierDesk'));
  });
});
