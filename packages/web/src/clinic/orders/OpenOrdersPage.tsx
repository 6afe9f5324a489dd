import { DiscountMsg, fenToYuan, OrderStatus, orderTotals, type Project } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Input, Result, Row, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMoneyNames } from '@/clinic/money-names';
import { newBatchId } from '@/components/dynamic-form';
import { useSession } from '@/shell/session';
import { orderKeys, ordersApi } from './api';
import { ApproverField, approverBody, approverMissing, useApprovalFlow } from './approval/ApproverField';
import { CustomerHeader } from './CustomerHeader';
import { takesDiscountReason } from './discount-reason';
import { LineGrid } from './LineGrid';
import { type FormLine, lineBodies, lineFromOrder, lineOf, linePrice, lineSalesPrice, splitsComplete } from './lines';
import { useOrderMessages } from './messages';
import { ProjectPicker } from './ProjectPicker';
// Set meals (h-moneyweb): a chosen set meal is one group of lines.
import {
  groupBelowFloor,
  groupDealPrice,
  groupOf,
  groupSplitsComplete,
  groupsFromOrder,
  groupTotal,
  type MealGroup,
  mealBodies,
} from './set-meal/groups';
import { MealGroupCard } from './set-meal/MealGroupCard';
import { SetMealPicker, useSetMeals } from './set-meal/SetMealPicker';
import './open-orders.css';

/**
 * 开单 (/openOrders?customerId=, &orderId= to edit an unpaid order, &visitId= the visit it is
 * opened in): the customer with balances and arrears, the catalogue, the line grid with the user's
 * discount floor per line, totals and save. One batch id per page, so a double click saves one order; the server's refusals show as
 * its own messages (the request layer). After saving: the customer's 成交项目 tab.
 */
export default function OpenOrdersPage() {
  const t = useOrderMessages();
  const moneyNames = useMoneyNames();
  const { message } = App.useApp();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || undefined;
  // The visit the order is opened in, when the visit workflow opens the page.
  const visitId = Number(params.get('visitId')) || undefined;
  const existing = useQuery({
    queryKey: orderKeys.info(orderId ?? 0),
    queryFn: () => ordersApi.info(orderId!),
    enabled: orderId !== undefined,
  });
  const customerId = Number(params.get('customerId')) || existing.data?.customerId;
  const catalogue = useQuery({ queryKey: orderKeys.catalogue, queryFn: ordersApi.catalogue });
  const [lines, setLines] = useState<FormLine[]>([]);
  const [groups, setGroups] = useState<MealGroup[]>([]);
  const meals = useSetMeals();
  const [remark, setRemark] = useState('');
  const [discountReason, setDiscountReason] = useState('');
  const [checkUserId, setCheckUserId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const batchId = useRef(newBatchId());

  // Editing: the saved lines, once.
  const loaded = useRef(false);
  useEffect(() => {
    if (!existing.data || !meals.isFetched || loaded.current) return;
    loaded.current = true;
    setLines(existing.data.lines.filter((l) => l.setMealId == null).map(lineFromOrder));
    setGroups(groupsFromOrder(existing.data.lines, meals.data ?? []));
    setRemark(existing.data.remark);
  }, [existing.data, meals.isFetched, meals.data]);

  // Project lines first (their floors by index), then the set meals' items: the read answers the user's rate too.
  const floorAsk = [
    ...lines.map((l) => ({ projectId: l.projectId, quantity: l.quantity })),
    ...groups.flatMap((g) => g.items.map((i) => ({ projectId: i.projectId, quantity: 1 }))),
  ];
  const floor = useQuery({
    queryKey: ['clinic', 'orders', 'floor', floorAsk],
    queryFn: () => ordersApi.floor(floorAsk),
    enabled: floorAsk.length > 0,
    staleTime: 60_000,
  });
  const floors = lines.map((_, i) => floor.data?.lines[i]?.floor);
  const rate = floor.data ? floor.data.rate : undefined;
  const below =
    lines.some((l, i) => floors[i] !== undefined && l.dealPrice < floors[i]!) ||
    groups.some((g) => groupBelowFloor(g, rate));
  const askReason = takesDiscountReason && below;
  // Below the floor the order goes to 折扣审批: its approver, when the flow lets the opener choose.
  const approval = useApprovalFlow('discount', askReason);
  const needApprover = askReason && approverMissing(approval.data, checkUserId);
  const totals = useMemo(
    () =>
      orderTotals([
        ...lines.map((l) => ({ price: linePrice(l), salesPrice: lineSalesPrice(l), dealPrice: l.dealPrice })),
        ...groups.map((g) => ({ price: groupTotal(g), salesPrice: groupTotal(g), dealPrice: groupDealPrice(g) })),
      ]),
    [lines, groups],
  );

  if (!customerId) {
    return existing.isLoading ? null : <Result status="info" title={t('noCustomer')} />;
  }
  const editing = existing.data;
  // Unpaid, or a draft back from a rejected discount approval; the server decides either way.
  if (editing && editing.status !== OrderStatus.unpaid && editing.status !== OrderStatus.draft) {
    return (
      <Result
        status="warning"
        title={t('orderNotEditable', { status: moneyNames.orderStatus[editing.status] ?? '' })}
        extra={<Button onClick={() => navigate(-1)}>{t('cancel')}</Button>}
      />
    );
  }

  const add = (p: Project) => setLines((ls) => [...ls, lineOf(p, user)]);
  const change = (i: number, line: FormLine) => setLines((ls) => ls.map((l, j) => (j === i ? line : l)));
  const remove = (i: number) => setLines((ls) => ls.filter((_, j) => j !== i));
  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      // The reason goes only where the save reads it, and only for a line below the floor.
      const reason = askReason ? { discountReason, ...approverBody(approval.data, checkUserId) } : {};
      const answer = editing
        ? await ordersApi.update({
            orderId: editing.orderId,
            lines: lineBodies(lines),
            setMeals: mealBodies(groups),
            remark,
            ...reason,
          })
        : await ordersApi.save({
            customerId,
            visitId,
            lines: lineBodies(lines),
            setMeals: mealBodies(groups),
            remark,
            batchId: batchId.current,
            ...reason,
          });
      message.success(
        t(answer.status === OrderStatus.pendingApproval ? 'pendingOk' : editing ? 'updatedOk' : 'savedOk'),
      );
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      navigate(`/crm/customer/${customerId}?tab=deals`);
    } catch {
      // the request layer showed the server's message; the same batch id retries the same order
      setSaving(false);
    }
  };

  return (
    <div className="open-orders" data-testid="open-orders">
      <Card size="small">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {editing ? t('editTitle', { number: editing.number }) : t('title')}
        </Typography.Title>
        <CustomerHeader customerId={customerId} />
      </Card>
      <Row gutter={12} wrap={false} className="open-orders__body">
        <Col flex="300px">
          <SetMealPicker onAdd={(m) => setGroups((gs) => [...gs, groupOf(m, user)])} />
          <ProjectPicker onAdd={add} />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small">
            <LineGrid
              lines={lines}
              floors={floors}
              depts={catalogue.data?.depts ?? []}
              onChange={change}
              onRemove={remove}
            />
            {groups.map((g) => (
              <MealGroupCard
                key={g.key}
                group={g}
                rate={rate}
                depts={catalogue.data?.depts ?? []}
                onChange={(next) => setGroups((gs) => gs.map((x) => (x.key === g.key ? next : x)))}
                onRemove={() => setGroups((gs) => gs.filter((x) => x.key !== g.key))}
              />
            ))}
            <Descriptions
              size="small"
              column={4}
              className="open-orders__totals"
              data-testid="order-totals"
              items={[
                { key: 'price', label: t('totalPrice'), children: fenToYuan(totals.price) },
                { key: 'sales', label: t('totalSales'), children: fenToYuan(totals.salesPrice) },
                { key: 'saved', label: t('saved'), children: fenToYuan(totals.saved) },
                {
                  key: 'payable',
                  label: t('payable'),
                  children: (
                    <Typography.Text strong data-testid="order-payable">
                      {fenToYuan(totals.payable)}
                    </Typography.Text>
                  ),
                },
              ]}
            />
            <Input.TextArea
              rows={2}
              maxLength={500}
              placeholder={t('remark')}
              aria-label={t('remark')}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
            {askReason && (
              <Input.TextArea
                rows={2}
                maxLength={500}
                className="open-orders__reason"
                placeholder={t('discountReason')}
                aria-label={t('discountReason')}
                value={discountReason}
                onChange={(e) => setDiscountReason(e.target.value)}
              />
            )}
            {askReason && (
              <ApproverField
                flow={approval.data}
                disabledMsg={DiscountMsg.noFlow}
                value={checkUserId}
                onChange={setCheckUserId}
              />
            )}
            <Space className="open-orders__actions">
              <Button onClick={() => navigate(-1)}>{t('cancel')}</Button>
              <Button
                type="primary"
                loading={saving}
                disabled={
                  (lines.length === 0 && groups.length === 0) ||
                  !splitsComplete(lines) ||
                  !groupSplitsComplete(groups) ||
                  (askReason && !discountReason.trim()) ||
                  needApprover
                }
                onClick={save}
                data-testid="order-save"
              >
                {editing ? t('saveEdit') : t('save')}
              </Button>
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
