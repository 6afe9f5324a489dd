import { PhoneOutlined } from '@ant-design/icons';
import { authHas, type CallField, type CallKind, type CallState } from '@crm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Result, Spin, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '@/shell/session';
import { callApi } from './api';
import { clock, useCallMessages } from './messages';

/** How often the dialling page asks for its call's state (the state lives in the database; see docs). */
const POLL_MS = 1000;

/**
 * The phone icon beside a record's number (list and detail): the server reads the number from the
 * record, so a number hidden from the viewer can be dialled without being shown. The dialog
 * follows the call (ringing → talking → ended) and refreshes the record's follow-ups at the end.
 */
export function CallButton({
  kind,
  id,
  field,
  withText = false,
}: {
  kind: CallKind;
  id: number;
  field: CallField;
  withText?: boolean;
}) {
  const t = useCallMessages();
  const { auth } = useSession();
  const [call, setCall] = useState<CallState | null>(null);
  const [busy, setBusy] = useState(false);
  if (!authHas(auth, 'crm:call:call')) return null;
  const label = t('callField', { field: t(field) });
  const dial = async (e: React.MouseEvent) => {
    e.stopPropagation();
    if (busy) return;
    setBusy(true);
    try {
      setCall(await callApi.dial(kind, id, field));
    } catch {
      // the request layer showed the server's message (no extension, busy, …)
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Tooltip title={withText ? undefined : label}>
        <Button
          size="small"
          type={withText ? 'default' : 'text'}
          icon={<PhoneOutlined />}
          aria-label={label}
          loading={busy}
          onClick={dial}
          data-testid={`call-${field}`}
        >
          {withText ? label : null}
        </Button>
      </Tooltip>
      {call && <CallDialog first={call} onClose={() => setCall(null)} />}
    </>
  );
}

function CallDialog({ first, onClose }: { first: CallState; onClose: () => void }) {
  const t = useCallMessages();
  const queryClient = useQueryClient();
  const [state, setState] = useState(first);
  const [talkStart, setTalkStart] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const ended = state.status === 'ended';
  useEffect(() => {
    if (ended) {
      // The follow-up the call wrote appears in the record's tab and the lists' last follow-up.
      void queryClient.invalidateQueries({ queryKey: ['crm'] });
      void queryClient.invalidateQueries({ queryKey: ['callCentre'] });
      return;
    }
    const timer = setInterval(async () => {
      setNow(Date.now());
      try {
        const next = await callApi.state(state.callId);
        if (next.status === 'talking') setTalkStart((s) => s ?? Date.now());
        setState(next);
      } catch {
        // a missed poll is retried on the next tick
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [ended, state.callId, queryClient]);
  const talked = talkStart ? Math.max(0, Math.round((now - talkStart) / 1000)) : 0;
  return (
    <Modal open title={t('title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('close')}</Button>}>
      <div data-testid="call-state" data-status={state.status}>
        {state.status === 'ringing' && <Result icon={<Spin />} title={t('ringing')} />}
        {state.status === 'talking' && (
          <Result icon={<PhoneOutlined />} title={t('talking', { time: clock(talked) })} />
        )}
        {ended && (
          <Result
            status={state.answered ? 'success' : 'warning'}
            title={state.answered ? t('endedAnswered', { time: clock(state.duration) }) : t('endedMissed')}
          />
        )}
      </div>
    </Modal>
  );
}
