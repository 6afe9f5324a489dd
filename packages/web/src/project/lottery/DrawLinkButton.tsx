import type { LotteryActivity, OpenLinkCreated } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { OpenLinkShown } from '@/components/open-links/OpenLinkManager';
import { request } from '@/shell/request';
import { API_TIME_FORMAT, nowInZone } from '@/shell/time';
import { linkBaseOf, lotteryApi, lotteryKeys } from './api';
import { useLotteryMessages } from './messages';

type Page = { list: LotteryActivity[]; totalRow: number };
const LINK_MAX_DAYS = 90;

/**
 * A customer's draw link made from their archive (the activity page makes them too): pick an
 * activity running now, and the link's address and QR code are shown once for the customer's phone.
 * The server checks the customer is readable and the activity's style (lottery routes).
 */
export function DrawLinkButton({ customerId }: { customerId: number }) {
  const t = useLotteryMessages();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<OpenLinkCreated | null>(null);
  const [form] = Form.useForm<{ activityId: number; days: number }>();
  const activities = useQuery({
    queryKey: lotteryKeys.list({ page: 1, limit: 100, running: true }),
    queryFn: () => lotteryApi.list({ page: 1, limit: 100 }) as Promise<Page>,
    enabled: open,
  });
  const now = nowInZone().format(API_TIME_FORMAT);
  const running = (activities.data?.list ?? []).filter((a) => a.enabled && a.startTime <= now && now < a.endTime);

  const submit = async () => {
    const { activityId, days } = await form.validateFields();
    const activity = running.find((a) => a.activityId === activityId);
    if (!activity) return;
    setBusy(true);
    try {
      const made = await request<OpenLinkCreated>(
        `${linkBaseOf(activity.style)}/create`,
        { activityId, customerId, days },
        { json: true },
      );
      setOpen(false);
      form.resetFields();
      setCreated(made);
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="draw-link-button">
        {t('links')}
      </Button>
      <Modal
        open={open}
        title={t('links')}
        confirmLoading={busy}
        onOk={submit}
        okText={t('makeLink')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ days: 7 }}>
          <Form.Item name="activityId" label={t('activity')} rules={[{ required: true, message: t('pickActivity') }]}>
            <Select
              loading={activities.isLoading}
              notFoundContent={t('noRunning')}
              options={running.map((a) => ({ value: a.activityId, label: a.name }))}
            />
          </Form.Item>
          <Form.Item name="days" label={t('linkDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={LINK_MAX_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <OpenLinkShown created={created} onClose={() => setCreated(null)} />
    </>
  );
}
