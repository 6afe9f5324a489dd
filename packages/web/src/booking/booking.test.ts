import { authHas, builtStations } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { workflowArea } from '@/workflow/area';
import { visitTopRoutes } from '@/workflow/visit-routes';
import { columnFields } from './BookingForm';

describe('the booking board', () => {
  it('turns a column into the booking field a drop or a new booking sets', () => {
    expect(columnFields('doctor', '12')).toEqual({ doctorId: 12 });
    expect(columnFields('consultant', '')).toEqual({ consultantId: null });
    expect(columnFields('dept', '3')).toEqual({ deptId: 3 });
    expect(columnFields('room', '诊室1')).toEqual({ room: '诊室1' });
    expect(columnFields('room', '')).toEqual({ room: '' });
  });

  it('routes /Booking_management and the triage station by their permissions', () => {
    expect(visitTopRoutes.map((r) => [r.path, r.access])).toEqual([['/Booking_management', 'oa.booking.read']]);
    expect(workflowArea.routes).toContainEqual({ path: 'triage', access: 'oa.workflow.triage' });
    expect(builtStations).toContain('triage');
    const frontDesk = { oa: { workflow: { triage: true }, booking: { read: true } } };
    expect(authHas(frontDesk as never, 'oa.workflow.triage')).toBe(true);
    expect(authHas({ oa: {} } as never, 'oa.booking.read')).toBe(false);
  });
});
