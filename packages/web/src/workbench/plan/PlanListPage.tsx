import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, List, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { UserAvatar } from '@/components/member-picker';
import { paramOneOf, useUrlParams } from '@/shell/url-params';
import { usePagedList } from '../paged-list';
import { type PlanDocRow, type PlanFilter, planApi, planKeys, planTabs } from './api';
import { usePlanMessages } from './messages';
import { PlanDrawer } from './PlanDrawer';
import './plan.css';
import { showTime } from '@/shell/time';

const PAGE_SIZE = 10;

/**
 * rich-list (spec 2.3): the planning documents I may read, by tab (all, mine, shared with me, my
 * team's by my role's scope), searched by title or author, last edited first; `?planId=` opens
 * one, 新建方案 the editor page (rich-text).
 */
export default function PlanListPage() {
  const t = usePlanMessages();
  const navigate = useNavigate();
  const [params, setParam] = useUrlParams();
  const tab = paramOneOf(params, 'tab', planTabs, 'all');
  const openId = Number(params.get('planId')) || null;

  const paged = usePagedList(PAGE_SIZE, (filter: PlanFilter) => ({
    queryKey: planKeys.list(tab, filter),
    queryFn: () => planApi.list(tab, filter),
  }));

  const item = (r: PlanDocRow) => (
    <List.Item
      key={r.planId}
      className="plan-item"
      onClick={() => setParam({ planId: String(r.planId) }, false)}
      data-testid={`plan-row-${r.planId}`}
    >
      <List.Item.Meta
        avatar={<UserAvatar name={r.creator.realname} img={r.creator.img} size={36} />}
        title={r.title}
        description={
          <>
            <div className="plan-item__preview">{r.preview}</div>
            <div className="plan-muted">
              {r.creator.realname} · {t('updated', { time: showTime(r.updateTime) })}
              {r.sharedCount > 0 && ` · ${t('sharedCount', { n: r.sharedCount })}`}
            </div>
          </>
        }
      />
    </List.Item>
  );

  return (
    <Card
      className="plan-page"
      title={t('title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/workbench/rich-text')}
          data-testid="plan-create"
        >
          {t('create')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setParam({ tab: k });
          paged.toFirstPage();
        }}
        items={planTabs.map((k) => ({ key: k, label: t(k) }))}
      />
      <div className="plan-filters">
        <Input.Search
          allowClear
          placeholder={t('searchTips')}
          style={{ width: 260 }}
          onSearch={paged.onSearch}
          data-testid="plan-search"
        />
      </div>
      <List<PlanDocRow>
        data-testid="plan-list"
        aria-busy={paged.list.isFetching}
        loading={paged.list.isFetching}
        dataSource={paged.rows}
        renderItem={item}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        pagination={{ ...paged.pagination, hideOnSinglePage: true }}
      />
      <PlanDrawer id={openId} onClose={() => setParam({ planId: null })} />
    </Card>
  );
}
