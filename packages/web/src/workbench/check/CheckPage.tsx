import { Card, Tabs } from 'antd';
import { usePermission } from '@/manager/use-permission';
import { useCheckMessages } from './messages';
import { PlanList } from './PlanList';
import { SummaryTab } from './SummaryTab';
import { TemplateTab } from './TemplateTab';

/** 工作台 › 督导检查 (spec 2.3 check): the plans everyone with a check leaf sees, templates and the summary by leaf. */
export default function CheckPage() {
  const t = useCheckMessages();
  const can = usePermission();
  const items = [
    { key: 'plans', label: t('plansTab'), children: <PlanList /> },
    ...(can('oa.check.manage') ? [{ key: 'templates', label: t('templatesTab'), children: <TemplateTab /> }] : []),
    ...(can('oa.check.summary') ? [{ key: 'summary', label: t('summaryTab'), children: <SummaryTab /> }] : []),
  ];
  return (
    <Card title={t('title')}>
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
