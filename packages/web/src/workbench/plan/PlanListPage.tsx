import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, List, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { UserAvatar } from '@/components/member-picker';
import { type PlanDocRow, type PlanFilter, type PlanTab, planApi, planKeys, planTabs } from './api';
import { usePlanMessages } from './messages';
import { PlanDrawer } from './PlanDrawer';
import './plan.css';

const PAGE_SIZE = 10;
const isTab = (v: string | null): v is PlanTab => planTabs.includes(v as PlanTab);

/**
 * rich-list (spec 2.3): the planning documents I may read, by tab (all, mine, shared with me, my
 * team's by my role's scope), searched by title or author, last edited first; `?planId=` opens
 * one, 新建方案 the editor page (rich-text).
 */
export default function PlanListPage() {
  const t = usePlanMessages();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: PlanTab = isTab(params.get('tab')) ? (params.get('tab') as PlanTab) : 'all';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const openId = Number(params.get('planId')) || null;

  const setParam = (values: Record<string, string | null>, replace = true) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [k, v] of Object.entries(values)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace },
    );

  const filter: PlanFilter = { page, limit: PAGE_SIZE, search };
  const list = useQuery({
    queryKey: planKeys.list(tab, filter),
    queryFn: () => planApi.list(tab, filter),
    placeholderData: keepPreviousData,
  });

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
              {r.creator.realname} · {t('updated', { time: dayjs(r.updateTime).format('YYYY-MM-DD HH:mm') })}
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
          setPage(1);
        }}
        items={planTabs.map((k) => ({ key: k, label: t(k) }))}
      />
      <div className="plan-filters">
        <Input.Search
          allowClear
          placeholder={t('searchTips')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage(1);
          }}
          data-testid="plan-search"
        />
      </div>
      <List<PlanDocRow>
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        renderItem={item}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.totalRow ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
      <PlanDrawer id={openId} onClose={() => setParam({ planId: null })} />
    </Card>
  );
}
