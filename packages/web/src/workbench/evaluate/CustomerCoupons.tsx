import { authHas, type CouponRowData, couponSourceNames, couponStatusNames, showFen } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { defineMessages, useLang } from '@/i18n';
import { call } from '@/shell/call';
import { useSession } from '@/shell/session';

const useMessages = defineMessages({
  zh: {
    code: '券码',
    name: '名称',
    value: '面额',
    remaining: '余额',
    threshold: '门槛',
    projects: '适用项目',
    allProjects: '全部项目',
    valid: '有效期',
    status: '状态',
    source: '来源',
    empty: '暂无优惠券',
    issue: '发放优惠券',
    rule: '优惠券规则',
    issued: '已发放',
  },
  en: {
    code: 'Code',
    name: 'Name',
    value: 'Value',
    remaining: 'Left',
    threshold: 'Minimum',
    projects: 'Treatments',
    allProjects: 'All',
    valid: 'Valid',
    status: 'Status',
    source: 'Source',
    empty: 'No coupons',
    issue: 'Issue a coupon',
    rule: 'Coupon rule',
    issued: 'Issued',
  },
});
const statusEn: Record<number, string> = { 1: 'Usable', 2: 'Used up', 3: 'Expired', 4: 'Void' };
const sourceEn: Record<string, string> = { review: 'Review', lottery: 'Lottery', manual: 'By hand' };
const statusColor: Record<number, string> = { 1: 'green', 2: 'default', 3: 'orange', 4: 'red' };

/** The customer archive's 优惠券 tab (issue 25, h-coupons): their coupons, and issuing one by hand with `oa.evaluate.issue`. */
export default function CustomerCoupons({ customerId }: { customerId: number }) {
  const t = useMessages();
  const { auth } = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['clinic', 'customer', customerId, 'coupons'];
  const list = useQuery({ queryKey: key, queryFn: () => call('/evaluate/customerCoupons', { customerId }) });
  const [issuing, setIssuing] = useState(false);
  const [ruleId, setRuleId] = useState<number | null>(null);
  const rules = useQuery({
    queryKey: ['workbench', 'evaluate', 'rules', 'enabled'],
    queryFn: () => call('/evaluate/couponRuleList', { page: 1, limit: 100, enabled: true }),
    enabled: issuing,
  });
  const { lang } = useLang();
  const issue = async () => {
    if (!ruleId) return;
    try {
      await call('/evaluate/issueCoupon', { customerId, ruleId });
      message.success(t('issued'));
      setIssuing(false);
      void queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // the request layer showed the server's message
    }
  };
  return (
    <>
      {authHas(auth, 'oa.evaluate.issue') && (
        <Button style={{ marginBottom: 8 }} onClick={() => setIssuing(true)}>
          {t('issue')}
        </Button>
      )}
      <Table<CouponRowData>
        size="small"
        rowKey="couponId"
        data-testid="archive-coupons"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: t('code'), dataIndex: 'code', width: 120 },
          { title: t('name'), dataIndex: 'name' },
          { title: t('value'), dataIndex: 'value', width: 90, render: (v: number) => showFen(v) },
          { title: t('remaining'), dataIndex: 'remaining', width: 90, render: (v: number) => showFen(v) },
          { title: t('threshold'), dataIndex: 'threshold', width: 90, render: (v: number) => showFen(v) },
          {
            title: t('projects'),
            dataIndex: 'projectNames',
            ellipsis: true,
            render: (v: string[]) => (v.length ? v.join('、') : t('allProjects')),
          },
          { title: t('valid'), key: 'valid', width: 190, render: (_, c) => `${c.validFrom} ~ ${c.validTo}` },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 80,
            render: (s: number) => (
              <Tag color={statusColor[s]}>{lang === 'en' ? statusEn[s] : couponStatusNames[s]}</Tag>
            ),
          },
          {
            title: t('source'),
            dataIndex: 'source',
            width: 90,
            render: (s: keyof typeof couponSourceNames) => (lang === 'en' ? sourceEn[s] : couponSourceNames[s]) ?? s,
          },
        ]}
      />
      <Modal
        open={issuing}
        title={t('issue')}
        onCancel={() => setIssuing(false)}
        onOk={issue}
        okButtonProps={{ disabled: !ruleId }}
        destroyOnHidden
      >
        <Select
          style={{ width: '100%' }}
          placeholder={t('rule')}
          loading={rules.isLoading}
          onChange={(v: number) => setRuleId(v)}
          options={(rules.data?.list ?? []).map((r) => ({ value: r.ruleId, label: `${r.name} ${showFen(r.value)}` }))}
        />
      </Modal>
    </>
  );
}
