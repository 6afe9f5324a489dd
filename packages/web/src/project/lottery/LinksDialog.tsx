import type { LotteryActivity } from '@crm/shared';
import { Form, Modal } from 'antd';
import { CustomerSelect } from '@/booking/pickers';
import { OpenLinkManager } from '@/components/open-links/OpenLinkManager';
import { linkBaseOf } from './api';
import { useLotteryMessages } from './messages';

/**
 * An activity's draw links: one per customer (the customer's draws are limited by the activity,
 * not by the link), shown once as an address and QR code for the customer's phone.
 */
export function LinksDialog({ activity, onClose }: { activity: LotteryActivity; onClose: () => void }) {
  const t = useLotteryMessages();
  return (
    <Modal open width={860} title={t('linksOf', { name: activity.name })} footer={null} onCancel={onClose}>
      <OpenLinkManager
        base={linkBaseOf(activity.style)}
        maxDays={90}
        defaultDays={7}
        extraFields={
          <>
            <Form.Item name="activityId" initialValue={activity.activityId} hidden>
              <input />
            </Form.Item>
            <Form.Item name="customerId" label={t('customer')} rules={[{ required: true, message: t('pickCustomer') }]}>
              <CustomerSelect />
            </Form.Item>
          </>
        }
        subjectColumn={{
          title: t('activity'),
          render: (s) => (Number(s.activityId) === activity.activityId ? activity.name : `#${String(s.activityId)}`),
        }}
      />
    </Modal>
  );
}
