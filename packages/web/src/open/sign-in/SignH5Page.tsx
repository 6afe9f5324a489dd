import type { SignRecordRow, SignToday } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { defineMessages } from '@/i18n';
import { OpenRefused } from '@/shell/open/OpenRefused';
import { openCall, openToken } from '@/shell/open/open-call';
import { showTime } from '@/shell/time';
import './sign-h5.css';

const useMessages = defineMessages({
  zh: {
    title: '员工签到',
    today: '今天 {day}',
    rule: '上班 {start}，下班 {end}',
    noRule: '你所在的部门还没有签到规则',
    dayOff: '今天不是工作日',
    signIn: '上班签到',
    signOut: '下班签到',
    note: '说明（外勤签到必填）',
    locating: '正在获取位置…',
    noGeo: '无法获取位置，请允许浏览器使用定位后重试',
    done: '签到成功',
    records: '今日记录',
    none: '今天还没有签到',
    in: '上班',
    out: '下班',
    late: '迟到',
    early: '早退',
    field: '外勤',
  },
  en: {
    title: 'Staff sign-in',
    today: 'Today {day}',
    rule: 'Start {start}, end {end}',
    noRule: 'Your department has no sign-in rule yet',
    dayOff: 'Today is not a workday',
    signIn: 'Sign in',
    signOut: 'Sign out',
    note: 'Note (required for field sign-in)',
    locating: 'Getting your location…',
    noGeo: 'No location: allow the browser to use your location and try again',
    done: 'Signed',
    records: 'Today',
    none: 'No sign-ins today yet',
    in: 'In',
    out: 'Out',
    late: 'Late',
    early: 'Early',
    field: 'Field',
  },
});

/** The browser's position, or null when it is refused or unavailable. */
const locate = () =>
  new Promise<GeolocationPosition | null>((resolve) => {
    if (!navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
      enableHighAccuracy: true,
      timeout: 15_000,
    });
  });

/**
 * /signH5 (spec 2.1 open path): a member of staff's phone page, opened by their own link. The
 * server judges range, 外勤, late and early; every refusal is shown here inline (no toasts).
 */
export default function SignH5Page() {
  const t = useMessages();
  const token = openToken();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const q = useQuery({
    queryKey: ['open', 'signIn', token],
    queryFn: () => openCall<SignToday>('/OaSignIn/h5/today', token),
    enabled: token !== '',
  });
  if (!token) return <OpenRefused />;
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  if (q.error || !q.data) return <OpenRefused msg={(q.error as Error | null)?.message} />;
  const data = q.data;
  const sign = async (kind: number) => {
    setBusy(kind);
    setError('');
    setDone('');
    try {
      const at = await locate();
      if (!at) {
        setError(t('noGeo'));
        return;
      }
      await openCall<SignRecordRow>('/OaSignIn/h5/sign', token, {
        kind,
        lat: at.coords.latitude,
        lng: at.coords.longitude,
        note,
      });
      setDone(t('done'));
      setNote('');
      await q.refetch();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  const tags = (r: SignRecordRow) => [
    r.status === 2 && (
      <Tag key="l" color="orange">
        {t('late')}
      </Tag>
    ),
    r.status === 3 && (
      <Tag key="e" color="gold">
        {t('early')}
      </Tag>
    ),
    r.field && (
      <Tag key="f" color="blue">
        {t('field')}
      </Tag>
    ),
  ];
  return (
    <div className="sign-h5">
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      <Card size="small">
        <Typography.Title level={4} data-testid="sign-h5-name">
          {data.realname}
        </Typography.Title>
        <div>{data.deptName}</div>
        <div>{t('today', { day: data.day })}</div>
        {data.rule ? (
          <div>{t('rule', { start: data.rule.workStart, end: data.rule.workEnd })}</div>
        ) : (
          <Alert type="warning" title={t('noRule')} />
        )}
        {data.rule && !data.workday && <Alert type="info" title={t('dayOff')} />}
      </Card>
      <Input.TextArea
        className="sign-h5-note"
        aria-label={t('note')}
        placeholder={t('note')}
        maxLength={100}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {error && <Alert type="error" title={error} data-testid="sign-h5-error" />}
      {done && <Alert type="success" title={done} data-testid="sign-h5-done" />}
      <Button block size="large" type="primary" loading={busy === 1} onClick={() => sign(1)} data-testid="sign-h5-in">
        {t('signIn')}
      </Button>
      <Button block size="large" loading={busy === 2} onClick={() => sign(2)} data-testid="sign-h5-out">
        {t('signOut')}
      </Button>
      <Typography.Text strong>{t('records')}</Typography.Text>
      {data.records.length === 0 ? (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      ) : (
        <ul className="sign-h5-records" data-testid="sign-h5-records">
          {data.records.map((r) => (
            <li key={r.recordId}>
              {r.kind === 1 ? t('in') : t('out')} {showTime(r.signTime, 'HH:mm:ss')} {r.placeName} {tags(r)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
