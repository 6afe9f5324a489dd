import type { Answer, NurseDeal } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '@/test/answers';
import { pickerUser, userPage } from '@/test/people';
import { fakeFetch, refuse, renderWithApp } from '@/workbench/examine/test-utils';
import { VerifyDialog } from './VerifyDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// The signed-in user of renderWithApp is 孙丽 (userId 5), a doctor of the department here.
const deal: NurseDeal = {
  dealId: 11,
  name: '水光针',
  sessionsBought: 3,
  sessionsUsed: 1,
  sessionsLeft: 2,
  sessionsHeld: 0,
  dealValue: 100_000,
  sessionValue: 33_333,
  expiresOn: null,
  deptId: 4,
  deptName: '客服部',
  status: 2,
};
const server = (verify: Fixture<Answer<'/CrmCustomerProjectDealRecord/verificationById'>>) =>
  fakeFetch({
    '/clinic/nurse/staff': {
      members: [
        { userId: 5, realname: '孙丽', role: 'doctor' },
        { userId: 9, realname: '王静', role: 'nurse' },
      ],
      pools: [
        { role: 'doctor', percent: 60 },
        { role: 'nurse', percent: 40 },
      ],
    },
    '/system/user/queryUserList': userPage(pickerUser(5, '孙丽'), pickerUser(9, '王静')),
    '/CrmCustomerProjectDealRecord/verificationById': verify,
  });
const open = (onDone = vi.fn()) =>
  renderWithApp(<VerifyDialog deal={deal} customerName="陈雨桐" visitId={3} onClose={() => {}} onDone={onDone} />, {
    permissions: ['oa:workflow:nursesStation', 'crm:dealRecord:verify'],
  });
const ok = () =>
  within(document.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: /确\s*定/ });

describe('the 划扣 dialog', { timeout: 60_000 }, () => {
  it('starts with the signed-in person in her department role, adds the next colleague, and sends the 划扣', async () => {
    const calls = server({
      treatmentId: 1,
      dealId: 11,
      sessions: 1,
      value: 33_333,
      status: 1,
      deal: { used: 2, left: 1, status: 2 },
    });
    const onDone = vi.fn();
    open(onDone);
    expect(await screen.findByText('该科室划扣角色分成：医生 60%、护士 40%')).toBeTruthy();
    expect(screen.getByText(/共3次，已用1次，剩余2次/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加配台人员/ }));
    await waitFor(() => expect(screen.getAllByLabelText('角色')).toHaveLength(2));
    fireEvent.click(ok());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(1));
    const sent = calls.find((c) => c.path === '/CrmCustomerProjectDealRecord/verificationById')?.body;
    expect(sent).toEqual({
      dealId: 11,
      sessions: 1,
      staff: [
        { userId: 5, role: 'doctor', share: 1 },
        { userId: 9, role: 'nurse', share: 1 },
      ],
      deptId: 4,
      remark: '',
      visitId: 3,
      batchId: expect.any(String),
    });
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    server(refuse(400, '配台角色不在该科室的划扣角色中：配台'));
    const onDone = vi.fn();
    open(onDone);
    await screen.findByText(/该科室划扣角色分成/);
    fireEvent.click(ok());
    expect(await screen.findByText('配台角色不在该科室的划扣角色中：配台')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
