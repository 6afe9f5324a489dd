import { WarningOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Skeleton, Tooltip } from 'antd';
import { homeMessages } from './messages';

type Key = Parameters<ReturnType<typeof homeMessages>>[0];

/** A card of to-do counts; a failed load shows zeros with a retry, never a blank card. */
export function TodoCard<K extends Key>(props: {
  testId: string;
  title: string;
  keys: readonly K[];
  counts: Record<K, number> | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const t = homeMessages();
  const { keys, counts, loading, failed } = props;
  const extra = failed ? (
    <Tooltip title={t('loadFailed')}>
      <Button size="small" type="link" icon={<WarningOutlined />} onClick={props.onRetry}>
        {t('retry')}
      </Button>
    </Tooltip>
  ) : null;
  return (
    <Card title={props.title} extra={extra} variant="borderless" data-testid={props.testId} style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <Row gutter={[12, 12]}>
          {keys.map((k) => (
            <Col key={k} xs={12} sm={8} md={6} xl={keys.length > 5 ? 6 : 8} xxl={keys.length > 5 ? 6 : 8}>
              <div className="wb-count" data-testid={`count-${k}`}>
                <div className="wb-count-num">{counts?.[k] ?? 0}</div>
                <div className="wb-count-label">{t(k)}</div>
              </div>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
