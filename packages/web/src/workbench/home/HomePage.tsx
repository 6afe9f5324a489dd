import { Col, Row } from 'antd';
import { useAllowedAddress } from '@/shell/address-access';
import { CRM_COUNT_KEYS, OA_COUNT_KEYS, useCrmCounts, useOaCounts } from '@/shell/todo-counts';
import { FeedCard } from '../feed/FeedCard';
import { GreetingCard } from './GreetingCard';
import './home.css';
import { homeMessages } from './messages';
import { TodoCard } from './TodoCard';
import { todoTargets } from './todo-targets';

/** Workbench home: who I am, and what waits for me (real counts; 0 when there is nothing), each opening its list. */
export default function HomePage() {
  const t = homeMessages();
  const oa = useOaCounts();
  const crm = useCrmCounts();
  const allowed = useAllowedAddress();
  const targets = Object.fromEntries(Object.entries(todoTargets).map(([k, to]) => [k, allowed(to)]));
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <GreetingCard />
      </Col>
      <Col xs={24} xl={crm.enabled ? 10 : 24}>
        <TodoCard
          testId="todo-oa"
          title={t('oaTitle')}
          keys={OA_COUNT_KEYS}
          counts={oa.data}
          loading={oa.isPending}
          failed={oa.isError}
          onRetry={() => oa.refetch()}
          targets={targets}
        />
      </Col>
      {crm.enabled && (
        <Col xs={24} xl={14}>
          <TodoCard
            testId="todo-crm"
            title={t('crmTitle')}
            keys={CRM_COUNT_KEYS}
            counts={crm.data}
            loading={crm.isPending}
            failed={crm.isError}
            onRetry={() => crm.refetch()}
            targets={targets}
          />
        </Col>
      )}
      <Col span={24}>
        <FeedCard />
      </Col>
    </Row>
  );
}
