import { authHas, checkStatusNames, type PlanRow, type RecordRow, returnTypes } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '@/i18n';
import { usePermission } from '@/manager/use-permission';
import { sessionStore } from '@/shell/session-store';
import { LaidOutForm } from '../form/layout/LaidOutForm';
import type { DetailContext, DetailTab } from '../types';
import { contractApi } from './api';
import { contractEntry, receivablesEntry } from './kinds';
import { useContractMessages } from './messages';

/**
 * A relative create (crm-records 4): the parent's links as the form's values, locked — a
 * customer's, an opportunity's (its products and money come along), a contract's.
 */
type Preset = { customer: { id: number; name: string }[]; business?: { value: number; label: string } };

const money = (v: unknown) => (v === null || v === undefined ? '' : Number(v).toFixed(2));

function StatusText({ value }: { value: unknown }) {
  const { lang } = useLang();
  const names = checkStatusNames[Number(value)];
  return <>{names ? (lang === 'en' ? names[1] : names[0]) : ''}</>;
}

/** Receivables as a related list (a contract's, a customer's), each linking to its detail. */
function ReceivablesTable({
  load,
  keyOf,
}: {
  load: (page: number) => Promise<{ list: RecordRow[]; totalRow: number }>;
  keyOf: unknown[];
}) {
  const t = useContractMessages();
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['contractTabs', 'receivables', ...keyOf, page], queryFn: () => load(page) });
  return (
    <Table<RecordRow>
      size="small"
      rowKey={(r) => Number(r.receivablesId)}
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      pagination={{ current: page, pageSize: 10, total: q.data?.totalRow ?? 0, onChange: setPage }}
      data-testid="receivables-table"
      columns={[
        {
          title: t('number'),
          dataIndex: 'number',
          render: (v, r) => <Link to={`/crm/receivables/${r.receivablesId}`}>{String(v)}</Link>,
        },
        { title: t('contract'), dataIndex: 'contractNum' },
        { title: t('money'), dataIndex: 'money', render: money },
        { title: t('date'), dataIndex: 'returnTime' },
        { title: t('planNum'), dataIndex: 'planNum' },
        { title: t('status'), dataIndex: 'checkStatus', render: (v) => <StatusText value={v} /> },
      ]}
    />
  );
}

/** Plans as a related list; on a contract, with 新建回款计划 and deletion of plans no receivable uses. */
function PlansTable({
  load,
  keyOf,
  contractId,
  writable,
}: {
  load: (page: number) => Promise<{ list: PlanRow[]; totalRow: number }>;
  keyOf: unknown[];
  contractId?: number;
  writable?: boolean;
}) {
  const t = useContractMessages();
  const can = usePermission();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const q = useQuery({ queryKey: ['contractTabs', 'plans', ...keyOf, page], queryFn: () => load(page) });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['contractTabs'] });
  const add = async () => {
    const v = await form.validateFields();
    await contractApi.savePlan({
      contractId,
      money: String(v.money ?? ''),
      returnDate: v.returnDate ? v.returnDate.format('YYYY-MM-DD') : '',
      returnType: v.returnType ?? '',
      remind: v.remind ?? 0,
      remark: v.remark ?? '',
    });
    message.success(t('added'));
    setAdding(false);
    form.resetFields();
    void reload();
  };
  return (
    <>
      {contractId !== undefined && writable && can('crm.receivablesPlan.save') && (
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setAdding(true)} data-testid="plan-add">
            {t('newPlan')}
          </Button>
        </Space>
      )}
      <Table<PlanRow>
        size="small"
        rowKey="planId"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page, pageSize: 10, total: q.data?.totalRow ?? 0, onChange: setPage }}
        data-testid="plans-table"
        columns={[
          { title: t('planNum'), dataIndex: 'num' },
          { title: t('contract'), dataIndex: 'contractNum' },
          { title: t('planMoney'), dataIndex: 'money', render: money },
          { title: t('planDate'), dataIndex: 'returnDate' },
          { title: t('returnType'), dataIndex: 'returnType' },
          { title: t('received'), dataIndex: 'receivablesCheckStatus', render: (v) => <StatusText value={v} /> },
          ...(writable && can('crm.receivablesPlan.delete')
            ? [
                {
                  title: '',
                  key: 'op',
                  render: (_: unknown, p: PlanRow) =>
                    p.receivablesId === null && (
                      <Button
                        size="small"
                        type="link"
                        danger
                        onClick={() =>
                          modal.confirm({
                            title: t('deleteConfirm'),
                            onOk: async () => {
                              await contractApi.deletePlans([p.planId]);
                              void reload();
                            },
                          })
                        }
                      >
                        {t('delete')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={adding}
        title={t('newPlan')}
        onOk={add}
        onCancel={() => setAdding(false)}
        okText={t('confirm')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="money" label={t('planMoney')} rules={[{ required: true, message: '计划回款金额不能为空' }]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="plan-money" />
          </Form.Item>
          <Form.Item
            name="returnDate"
            label={t('planDate')}
            rules={[{ required: true, message: '计划回款日期不能为空' }]}
          >
            <DatePicker style={{ width: '100%' }} data-testid="plan-date" />
          </Form.Item>
          <Form.Item name="returnType" label={t('returnType')}>
            <Select allowClear options={returnTypes.map((r) => ({ value: r, label: r }))} />
          </Form.Item>
          <Form.Item name="remind" label={t('remind')}>
            <InputNumber min={0} max={365} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** A contract's receivables, with 新建回款 prefilled and locked to this contract (relative create). */
function ContractReceivables({ id, record, refresh }: DetailContext) {
  const t = useContractMessages();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const approved = Number(record.checkStatus) === 1;
  return (
    <>
      {approved && can('crm.receivables.save') && (
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setOpen(true)} data-testid="receivables-add">
            {t('newReceivables')}
          </Button>
        </Space>
      )}
      <ReceivablesTable load={(page) => contractApi.receivablesOfContract(id, page)} keyOf={['contract', id]} />
      {open && (
        <LaidOutForm
          kind={receivablesEntry}
          open
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: ['contractTabs'] });
            refresh();
          }}
          preset={{
            customer: [{ id: Number(record.customerId), name: String(record.customerName ?? '') }],
            contract: { value: id, label: String(record.num ?? id) },
          }}
        />
      )}
    </>
  );
}

export const contractTabs = (ctx: DetailContext): DetailTab[] => [
  { key: 'receivables', label: <TabLabel k="receivables" />, children: <ContractReceivables {...ctx} /> },
  {
    key: 'plans',
    label: <TabLabel k="plans" />,
    children: (
      <PlansTable
        load={(page) => contractApi.plansOfContract(ctx.id, page)}
        keyOf={['contract', ctx.id]}
        contractId={ctx.id}
        writable={ctx.access.write}
      />
    ),
  },
];

/**
 * Contracts as a related list (a customer's, an opportunity's), each linking to its detail, with
 * 新建合同 prefilled from the record the tab belongs to (crm-records 4: a relative create).
 */
function ContractsTable({
  load,
  keyOf,
  testId,
  prefill,
  refresh,
}: {
  load: (page: number) => Promise<{ list: RecordRow[]; totalRow: number }>;
  keyOf: unknown[];
  testId: string;
  prefill: Preset;
  refresh: () => void;
}) {
  const t = useContractMessages();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const q = useQuery({ queryKey: ['contractTabs', 'contracts', ...keyOf, page], queryFn: () => load(page) });
  return (
    <>
      {can('crm.contract.save') && (
        <Space style={{ marginBottom: 8 }}>
          <Button type="primary" onClick={() => setCreating(true)} data-testid={`${testId}-add`}>
            {t('newContract')}
          </Button>
        </Space>
      )}
      {creating && (
        <LaidOutForm
          kind={contractEntry}
          open
          preset={prefill}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: ['contractTabs'] });
            refresh();
          }}
        />
      )}
      <ContractList q={q} page={page} setPage={setPage} testId={testId} />
    </>
  );
}

function ContractList({
  q,
  page,
  setPage,
  testId,
}: {
  q: { isLoading: boolean; data?: { list: RecordRow[]; totalRow: number } };
  page: number;
  setPage: (page: number) => void;
  testId: string;
}) {
  const t = useContractMessages();
  return (
    <Table<RecordRow>
      size="small"
      rowKey={(r) => Number(r.contractId)}
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      pagination={{ current: page, pageSize: 10, total: q.data?.totalRow ?? 0, onChange: setPage }}
      data-testid={testId}
      columns={[
        {
          title: t('contract'),
          dataIndex: 'num',
          render: (v, r) => <Link to={`/crm/contract/${r.contractId}`}>{String(v)}</Link>,
        },
        { title: t('name'), dataIndex: 'name' },
        { title: t('money'), dataIndex: 'money', render: money },
        { title: t('receivedMoney'), dataIndex: 'receivedMoney', render: money },
        { title: t('unreceivedMoney'), dataIndex: 'unreceivedMoney', render: money },
        { title: t('status'), dataIndex: 'checkStatus', render: (v) => <StatusText value={v} /> },
      ]}
    />
  );
}

function TabLabel({ k }: { k: 'receivables' | 'plans' | 'contracts' }) {
  const t = useContractMessages();
  return <>{t(k)}</>;
}

const can = (path: string) => authHas(sessionStore.auth() ?? undefined, path);

export const customerContractTabs = (ctx: DetailContext): DetailTab[] => [
  ...(can('crm.contract.index')
    ? [
        {
          key: 'contracts',
          label: <TabLabel k="contracts" />,
          children: (
            <ContractsTable
              load={(page) => contractApi.contractsOfCustomer(ctx.id, page)}
              keyOf={['customer', ctx.id]}
              testId="customer-contracts"
              prefill={{ customer: [{ id: ctx.id, name: String(ctx.record.customerName ?? '') }] }}
              refresh={ctx.refresh}
            />
          ),
        },
      ]
    : []),
  ...(can('crm.contract.read')
    ? [
        {
          key: 'plans',
          label: <TabLabel k="plans" />,
          children: (
            <PlansTable load={(page) => contractApi.plansOfCustomer(ctx.id, page)} keyOf={['customer', ctx.id]} />
          ),
        },
      ]
    : []),
  ...(can('crm.receivables.index')
    ? [
        {
          key: 'receivables',
          label: <TabLabel k="receivables" />,
          children: (
            <ReceivablesTable
              load={(page) => contractApi.receivablesOfCustomer(ctx.id, page)}
              keyOf={['customer', ctx.id]}
            />
          ),
        },
      ]
    : []),
];

/** An opportunity's 合同 tab: the contracts made from it (`CrmBusiness/queryContract`). */
export function BusinessContractsTab({ id, record, refresh }: DetailContext) {
  return (
    <ContractsTable
      load={(page) => contractApi.contractsOfBusiness(id, page)}
      keyOf={['business', id]}
      testId="business-contracts"
      prefill={{
        customer: [{ id: Number(record.customerId), name: String(record.customerName ?? '') }],
        business: { value: id, label: String(record.businessName ?? '') },
      }}
      refresh={refresh}
    />
  );
}
