import { authHas } from '@crm/shared';
import { Card, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useSession } from '@/shell/session';
import { paramOneOf, useUrlParams } from '@/shell/url-params';
import { MyForms } from './MyForms';
import { useDeclMessages } from './messages';
import './declaration.css';

const TasksPanel = lazy(() => import('./TasksPanel'));
const AuditPanel = lazy(() => import('./AuditPanel'));

const tabs = ['mine', 'tasks', 'audit'] as const;

/**
 * /workbench/declaration (issue 25, declaration forms): 我的填报 for everyone forms are issued to;
 * 申报任务 for those who design and issue them; 待审核 for auditors (and creators, of their own
 * tasks). The server checks every call the same way.
 */
export default function DeclarationPage() {
  const t = useDeclMessages();
  const { auth } = useSession();
  const [params, setParam] = useUrlParams();
  const can = {
    mine: authHas(auth, 'oa.declaration.fill'),
    tasks: authHas(auth, 'oa.declaration.manage'),
    audit: authHas(auth, 'oa.declaration.audit') || authHas(auth, 'oa.declaration.manage'),
  };
  const shown = tabs.filter((k) => can[k]);
  const tab = paramOneOf(params, 'tab', shown, shown[0] ?? 'mine');
  const label = { mine: t('mineTab'), tasks: t('tasksTab'), audit: t('auditTab') };
  const body = { mine: <MyForms />, tasks: <TasksPanel />, audit: <AuditPanel /> };
  return (
    <Card className="decl-page" title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParam({ tab: k })}
        destroyOnHidden
        items={shown.map((k) => ({ key: k, label: label[k], children: <Suspense>{body[k]}</Suspense> }))}
      />
    </Card>
  );
}
