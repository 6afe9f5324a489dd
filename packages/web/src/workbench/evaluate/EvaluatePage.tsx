import { authHas } from '@crm/shared';
import { Card, Tabs } from 'antd';
import { useSession } from '@/shell/session';
import { useEvaluateMessages } from './messages';
import { ReviewsTab } from './ReviewsTab';
import { RulesTab } from './RulesTab';

/** 顾客评价 (/workbench/evaluate, issue 25): the customers' reviews and, for who sets them, the coupon rules. */
export default function EvaluatePage() {
  const t = useEvaluateMessages();
  const { auth } = useSession();
  const items = [
    ...(authHas(auth, 'oa.evaluate.read')
      ? [{ key: 'reviews', label: t('reviewsTab'), children: <ReviewsTab /> }]
      : []),
    ...(authHas(auth, 'oa.evaluate.rules') ? [{ key: 'rules', label: t('rulesTab'), children: <RulesTab /> }] : []),
  ];
  return (
    <Card>
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
