import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, type VisitRow, visitTypes } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { visitApi, visitKeys } from '@/booking/api';
import { UserSelect, useCodeNames } from '@/booking/pickers';
import { CellLines } from '@/components/table';
import { usePermission } from '@/manager/use-permission';
import { showTime } from '@/shell/time';
import { recordApi, recordKeys, type VisitFilters } from './api';
import { dealColor, type FilterValues, filtersOf, storyPath } from './filters';
import { useRecordMessages } from './messages';
import { ShopSelect } from './pickers';
import './record.css';

const PAGE_SIZE = 15;
const statuses = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/**
 * 到院记录 (/record): every visit the viewer may see (as its customer), filtered and paged on the
 * server, newest first; two facts per cell so the table fits 1366 px; a row opens its story.
 */
export default function RecordPage() {
  const t = useRecordMessages();
  const names = useCodeNames();
  const can = usePermission();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<VisitFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  // The stores list is the booking board's: offered to who works with it, else the filter is left out.
  const seesStores = can('oa.booking.read') || can('oa.workflow.triage');
  const stores = useQuery({ queryKey: visitKeys.stores, queryFn: visitApi.stores, enabled: seesStores });
  const list = useQuery({
    queryKey: recordKeys.list(filters, page, PAGE_SIZE),
    queryFn: () => recordApi.list(filters, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  const apply = () => {
    setFilters(filtersOf(form.getFieldsValue()));
    setPage(1);
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage(1);
  };
  const exportList = async () => {
    setExporting(true);
    try {
      await recordApi.exportList(filters);
      message.success(t('exported'));
    } catch {
      // the request layer showed the server's message
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title={t('recordTitle')} className="record-page" data-testid="record-page">
      <Form form={form} layout="inline" className="record-filters" onFinish={apply}>
        <Form.Item name="range" label={t('dateRange')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
        {seesStores && (
          <Form.Item name="storeId" label={t('store')}>
            <Select
              allowClear
              style={{ width: 130 }}
              aria-label={t('store')}
              options={(stores.data ?? []).map((s) => ({ value: s.storeId, label: s.storeName }))}
            />
          </Form.Item>
        )}
        <Form.Item name="shopId" label={t('shop')} style={{ minWidth: 200 }}>
          <ShopSelect />
        </Form.Item>
        <Form.Item name="consultantId" label={t('consultant')} style={{ minWidth: 170 }}>
          <UserSelect label={t('consultant')} />
        </Form.Item>
        <Form.Item name="doctorId" label={t('doctor')} style={{ minWidth: 170 }}>
          <UserSelect label={t('doctor')} />
        </Form.Item>
        <Form.Item name="visitType" label={t('visitType')}>
          <Select
            allowClear
            style={{ width: 100 }}
            aria-label={t('visitType')}
            options={visitTypes.map((v) => ({ value: v, label: names.visitType[v] }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select
            allowClear
            style={{ width: 110 }}
            aria-label={t('status')}
            options={statuses.map((s) => ({ value: s, label: names.visitStatus[s] }))}
          />
        </Form.Item>
        <Form.Item name="dealStatus" label={t('deal')}>
          <Select
            allowClear
            style={{ width: 100 }}
            aria-label={t('deal')}
            options={[0, 1, 2].map((d) => ({ value: d, label: t(`deal_${d}` as 'deal_0') }))}
          />
        </Form.Item>
        <Form.Item name="search">
          <Input allowClear placeholder={t('search')} style={{ width: 180 }} data-testid="record-search" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="record-query">
            {t('query')}
          </Button>
          <Button onClick={reset}>{t('reset')}</Button>
          {can('oa.record.export') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList} data-testid="record-export">
              {t('export')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<VisitRow>
        size="small"
        rowKey="visitId"
        data-testid="record-table"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('empty') }}
        onRow={(r) => ({ onClick: () => navigate(storyPath(r.visitId)), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.totalRow ?? 0,
          showSizeChanger: false,
          showTotal: (n) => t('total', { n }),
          onChange: setPage,
        }}
        columns={[
          {
            title: t('arrived'),
            key: 'arrived',
            width: 150,
            render: (_: unknown, r) => (
              <CellLines
                main={showTime(r.arrivedTime)}
                sub={r.leftTime ? `${t('left')} ${showTime(r.leftTime, 'HH:mm')}` : ''}
              />
            ),
          },
          {
            title: t('customer'),
            key: 'customer',
            render: (_: unknown, r) => <CellLines main={r.customerName} sub={r.mobile} />,
          },
          {
            title: t('storeShop'),
            key: 'store',
            width: 150,
            render: (_: unknown, r) => <CellLines main={r.storeName} sub={r.shopName ?? '—'} />,
          },
          {
            title: t('typeStatus'),
            key: 'status',
            width: 120,
            render: (_: unknown, r) => (
              <CellLines main={names.visitType[r.visitType]} sub={names.visitStatus[r.status]} />
            ),
          },
          {
            title: t('people'),
            key: 'people',
            width: 130,
            render: (_: unknown, r) => <CellLines main={r.consultantName ?? '—'} sub={r.doctorName ?? '—'} />,
          },
          {
            title: t('deal'),
            dataIndex: 'dealStatus',
            width: 80,
            render: (d: number) => <Tag color={dealColor[d]}>{t(`deal_${d}` as 'deal_0')}</Tag>,
          },
          {
            title: t('charged'),
            dataIndex: 'charged',
            width: 100,
            align: 'right',
            render: (v: number) => fenToYuan(v),
          },
          {
            key: 'open',
            width: 70,
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => navigate(storyPath(r.visitId))}>
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
