import { WarningOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Skeleton, Tooltip } from 'antd';
import { Link } from 'react-router';
import { homeMessages } from './messages';

type Key = Parameters<ReturnType<typeof homeMessages>>[0];

/** A card of to-do counts, each opening its list; a failed load shows zeros with a retry, never a blank card. */
export function TodoCard<K extends Key>(props: {
  testId: string;
  title: string;
  keys: readonly K[];
  counts: Record<K, number> | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The list each tile opens (only those the user may open); a tile without one is plain. */
  targets?: Partial<Record<K, string>>;
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
          {keys.map((k) => {
            const body = (
              <>
                <div className="wb-count-num">{counts?.[k] ?? 0}</div>
                <div className="wb-count-label">{t(k)}</div>
              </>
            );
            const to = props.targets?.[k];
            return (
              <Col key={k} xs={12} sm={8} md={6} xl={keys.length > 5 ? 6 : 8} xxl={keys.length > 5 ? 6 : 8}>
                {to ? (
                  <Link to={to} className="wb-count wb-count--link" data-testid={`count-${k}`}>
                    {body}
                  </Link>
                ) : (
                  <div className="wb-count" data-testid={`count-${k}`}>
                    {body}
                  </div>
                )}
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
