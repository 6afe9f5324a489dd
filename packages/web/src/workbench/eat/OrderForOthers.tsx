import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { MemberSelect, type PickedUser } from '@/components/member-picker';
import { type MealWeek, mealApi, mealKeys } from './api';
import type { EatT } from './messages';

/** The canteen manager orders (or cancels) a meal of this week for a colleague. */
export function OrderForOthers({ t, week }: { t: EatT; week: MealWeek }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ user: PickedUser[]; slot: string }>();
  const slots = week.days.flatMap((d) =>
    d.meals
      .filter((m) => m.open)
      .map((m) => ({ value: `${d.day}/${m.meal}`, label: `${d.day} ${m.meal === 1 ? t('lunch') : t('dinner')}` })),
  );

  const run = async (cancel: boolean) => {
    const v = await form.validateFields();
    const [day, meal] = v.slot.split('/') as [string, string];
    const userId = v.user[0]!.userId;
    if (cancel) await mealApi.cancel(day, Number(meal), userId);
    else await mealApi.order(week.storeId, day, Number(meal), userId);
    message.success(cancel ? t('orderCancelled') : t('ordersSaved'));
    void queryClient.invalidateQueries({ queryKey: mealKeys.all });
    setOpen(false);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="eat-for-others">
        {t('forOthers')}
      </Button>
      <Modal
        open={open}
        title={t('forOthers')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={() => run(true).catch(() => {})}>{t('cancelForThem')}</Button>
            <Button type="primary" onClick={() => run(false).catch(() => {})}>
              {t('order')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="user" label={t('person')} rules={[{ required: true, message: t('pickPerson') }]}>
            <MemberSelect single title={t('person')} placeholder={t('person')} />
          </Form.Item>
          <Form.Item
            name="slot"
            label={`${t('day')} / ${t('meal')}`}
            rules={[{ required: true, message: t('pickSlot') }]}
          >
            <Select options={slots} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
