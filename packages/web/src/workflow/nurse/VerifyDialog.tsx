import { type NurseDeal, operatorRoles, showFen } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { UserSelect } from '@/booking/pickers';
import { useLang } from '@/i18n';
import { useSession } from '@/shell/session';
import { newBatch } from '../cashier/api';
import { nurseApi, nurseKeys, type StaffRow } from './api';
import { useNurseMessages } from './messages';

type Row = { key: string; userId: number | null; role: string; share: number };
/** Keys of the staff rows the dialog adds (a row keeps its key when another is removed). */
let rowSeq = 0;

/**
 * 划扣 of one deal: how many sessions, the staff with their roles and shares (the department's
 * people first; where it has role pools only those roles are offered, as the server requires),
 * a remark. One batch id per dialog, so a double click uses the sessions once.
 */
export function VerifyDialog({
  deal,
  customerName,
  visitId,
  onClose,
  onDone,
}: {
  deal: NurseDeal;
  customerName: string;
  visitId: number | null;
  onClose: () => void;
  onDone: (left: number) => void;
}) {
  const t = useNurseMessages();
  const { lang } = useLang();
  const me = useSession().user;
  const staff = useQuery({
    queryKey: nurseKeys.staff(deal.deptId ?? 0),
    queryFn: () => nurseApi.staff(deal.deptId!),
    enabled: deal.deptId !== null,
  });
  const pools = staff.data?.pools ?? [];
  const roles = operatorRoles.filter((r) => !pools.length || pools.some((p) => p.role === r.value));
  const roleLabel = (v: string) => {
    const r = operatorRoles.find((o) => o.value === v);
    return r ? (lang === 'en' ? r.labelEn : r.label) : v;
  };
  // The signed-in nurse treats by default, in her department role (else the nurse role, else the first offered).
  const initial = useMemo<Row[]>(() => {
    const mine = staff.data?.members.find((m) => m.userId === me.userId)?.role;
    const role = mine ?? (roles.some((r) => r.value === 'nurse') ? 'nurse' : (roles[0]?.value ?? 'nurse'));
    return [{ key: 'me', userId: me.userId, role, share: 1 }];
  }, [staff.data, me.userId, roles]);
  const [rows, setRows] = useState<Row[] | null>(null);
  const shown = rows ?? initial;
  const [sessions, setSessions] = useState(1);
  const [remark, setRemark] = useState('');
  const [batchId] = useState(newBatch);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const usable = deal.sessionsLeft - deal.sessionsHeld;

  const change = (i: number, patch: Partial<Row>) => setRows(shown.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = async () => {
    if (shown.some((r) => r.userId === null)) return setRefused(t('staffRequired'));
    setBusy(true);
    setRefused(null);
    try {
      const res = await nurseApi.verify({
        dealId: deal.dealId,
        sessions,
        staff: shown.map((r) => ({ userId: r.userId!, role: r.role, share: r.share }) satisfies StaffRow),
        deptId: deal.deptId,
        remark,
        ...(visitId ? { visitId } : {}),
        batchId,
      });
      onDone(res.deal.left);
    } catch (err) {
      setRefused(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('verifyTitle', { name: `${customerName} · ${deal.name}` })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      width={640}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {t('sessionsLine', { bought: deal.sessionsBought, used: deal.sessionsUsed, left: deal.sessionsLeft })}
          {deal.sessionsHeld > 0 && t('held', { n: deal.sessionsHeld })} · {t('sessionValue')}{' '}
          {showFen(deal.sessionValue)}
        </Typography.Text>
        <Space>
          <span>{t('useSessions')}</span>
          <InputNumber
            aria-label={t('useSessions')}
            min={1}
            max={Math.max(1, usable)}
            precision={0}
            value={sessions}
            onChange={(v) => setSessions(v ?? 1)}
          />
        </Space>
        <Typography.Text type="secondary">
          {pools.length
            ? t('poolsHint', { pools: pools.map((p) => `${roleLabel(p.role)} ${p.percent}%`).join('、') })
            : t('noPools')}
        </Typography.Text>
        {shown.map((r, i) => (
          <Space key={r.key} wrap>
            <div style={{ width: 180 }}>
              <UserSelect label={t('person')} value={r.userId} onChange={(userId) => change(i, { userId })} />
            </div>
            <Select
              aria-label={t('role')}
              style={{ width: 110 }}
              value={r.role}
              onChange={(role) => change(i, { role })}
              options={roles.map((o) => ({ value: o.value, label: lang === 'en' ? o.labelEn : o.label }))}
            />
            <InputNumber
              aria-label={t('share')}
              addonBefore={t('share')}
              min={1}
              max={100}
              precision={0}
              style={{ width: 120 }}
              value={r.share}
              onChange={(share) => change(i, { share: share ?? 1 })}
            />
            {shown.length > 1 && (
              <Button type="link" danger onClick={() => setRows(shown.filter((_, j) => j !== i))}>
                {t('remove')}
              </Button>
            )}
          </Space>
        ))}
        <Button
          onClick={() => {
            // A department's next person not yet named, in their role; otherwise an empty row.
            const next = staff.data?.members.find((m) => !shown.some((r) => r.userId === m.userId));
            setRows([
              ...shown,
              { key: `row${++rowSeq}`, userId: next?.userId ?? null, role: next?.role ?? shown[0]!.role, share: 1 },
            ]);
          }}
        >
          {t('addStaff')}
        </Button>
        <Input.TextArea
          aria-label={t('remark')}
          placeholder={t('remark')}
          rows={2}
          maxLength={500}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
        {refused && <Alert type="error" showIcon message={refused} />}
      </Space>
    </Modal>
  );
}
