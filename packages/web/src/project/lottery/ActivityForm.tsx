import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fenToYuan, type LotteryActivity, LotteryMsg, MAX_PRIZES, PrizeKind, prizeKindNames } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLang } from '@/i18n';
import { parseTime, sendTime } from '@/shell/time';
import { lotteryApi, lotteryKeys } from './api';
import { lotteryEnumEn, useLotteryMessages } from './messages';

export type PrizeValues = {
  prizeId?: number;
  name: string;
  kind: number;
  couponRuleId?: number;
  gift?: string;
  projectId?: number;
  sessions?: number;
  stock?: number | null;
  weight: number;
};
export type ActivityValues = {
  name: string;
  style: number;
  period: [Dayjs, Dayjs];
  drawsTotal: number;
  drawsPerDay: number;
  enabled: boolean;
  remark: string;
  prizes: PrizeValues[];
};

/** The form's values of an activity (null: a new one with a single 谢谢参与). */
export function activityValues(a: LotteryActivity | null): Partial<ActivityValues> {
  if (!a)
    return {
      style: 1,
      drawsTotal: 3,
      drawsPerDay: 1,
      enabled: true,
      remark: '',
      prizes: [{ name: '谢谢参与', kind: PrizeKind.nothing, weight: 1, stock: null }],
    };
  return {
    name: a.name,
    style: a.style,
    period: [parseTime(a.startTime)!, parseTime(a.endTime)!],
    drawsTotal: a.drawsTotal,
    drawsPerDay: a.drawsPerDay,
    enabled: a.enabled,
    remark: a.remark,
    prizes: a.prizes.map((p) => ({
      prizeId: p.prizeId,
      name: p.name,
      kind: p.kind,
      couponRuleId: p.couponRuleId ?? undefined,
      gift: p.gift,
      projectId: p.projectId ?? undefined,
      sessions: p.sessions,
      stock: p.stock,
      weight: p.weight,
    })),
  };
}

/** What the save call takes from the form's values (times in the company's zone). */
export function activityBody(values: ActivityValues, activityId?: number) {
  const { period, ...rest } = values;
  return {
    ...rest,
    activityId,
    // The period is a required field of the form: both ends are set by now.
    startTime: sendTime(period[0])!,
    endTime: sendTime(period[1])!,
    prizes: values.prizes.map((p) => ({ ...p, stock: p.kind === PrizeKind.nothing ? null : p.stock })),
  };
}

/** Each prize's chance in percent, as the server draws: weights of prizes that can still be won. */
export function chances(prizes: Pick<PrizeValues, 'kind' | 'stock' | 'weight'>[]): number[] {
  const open = prizes.map((p) =>
    (p.weight ?? 0) > 0 && (p.kind === PrizeKind.nothing || (p.stock ?? 0) > 0) ? p.weight : 0,
  );
  const total = open.reduce((s, w) => s + w, 0);
  return open.map((w) => (total > 0 ? Math.round((w * 1000) / total) / 10 : 0));
}

/** The picker of the prize's coupon rule or project: enabled ones, from the server. */
function ProjectPick({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const [search, setSearch] = useState('');
  const found = useQuery({ queryKey: lotteryKeys.projects(search), queryFn: () => lotteryApi.projects(search) });
  return (
    <Select
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={found.isFetching}
      options={(found.data ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
    />
  );
}

/** The activity's fields and its prizes (up to 8, in their places on the wheel or grid). */
export function ActivityFormFields() {
  const t = useLotteryMessages();
  const { lang } = useLang();
  const en = (zh: string) => (lang === 'en' ? (lotteryEnumEn[zh] ?? zh) : zh);
  const rules = useQuery({ queryKey: lotteryKeys.couponRules, queryFn: lotteryApi.couponRules });
  const form = Form.useFormInstance<ActivityValues>();
  const prizes = Form.useWatch('prizes', form) ?? [];
  const odds = chances(prizes);
  return (
    <>
      <Row gutter={12}>
        <Col span={14}>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: LotteryMsg.nameRequired }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="style" label={t('style')}>
            <Select options={[1, 2].map((v) => ({ value: v, label: en(v === 1 ? '大转盘' : '九宫格') }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="period" label={t('period')} rules={[{ required: true, message: LotteryMsg.startInvalid }]}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={9}>
          <Form.Item
            name="drawsTotal"
            label={t('drawsTotal')}
            rules={[{ required: true, message: LotteryMsg.drawsTotalInvalid }]}
          >
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={9}>
          <Form.Item
            name="drawsPerDay"
            label={t('drawsPerDay')}
            rules={[{ required: true, message: LotteryMsg.drawsPerDayInvalid }]}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="remark" label={t('remark')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Typography.Title level={5}>{t('prizes')}</Typography.Title>
      <Form.List name="prizes">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => {
              const kind = prizes[i]?.kind;
              return (
                <div key={field.key} className="lottery-prize-row" data-testid={`prize-${i}`}>
                  {/* The prize's id goes back with the save: a kept prize is the same prize (its draws name it). */}
                  <Form.Item name={[field.name, 'prizeId']} hidden>
                    <Input />
                  </Form.Item>
                  <Row gutter={8} align="top" wrap>
                    <Col span={5}>
                      <Form.Item
                        name={[field.name, 'name']}
                        rules={[{ required: true, whitespace: true, message: LotteryMsg.prizeNameRequired }]}
                      >
                        <Input placeholder={t('prizeName')} maxLength={30} aria-label={t('prizeName')} />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      <Form.Item name={[field.name, 'kind']}>
                        <Select
                          aria-label={t('kind')}
                          options={Object.entries(prizeKindNames).map(([v, n]) => ({ value: Number(v), label: en(n) }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={6}>
                      {kind === PrizeKind.coupon && (
                        <Form.Item
                          name={[field.name, 'couponRuleId']}
                          rules={[{ required: true, message: LotteryMsg.couponRuleRequired }]}
                        >
                          <Select
                            placeholder={t('couponRule')}
                            aria-label={t('couponRule')}
                            options={(rules.data ?? []).map((r) => ({
                              value: r.ruleId,
                              label: `${r.name}（¥${fenToYuan(r.value)}）`,
                            }))}
                          />
                        </Form.Item>
                      )}
                      {kind === PrizeKind.gift && (
                        <Form.Item
                          name={[field.name, 'gift']}
                          rules={[{ required: true, whitespace: true, message: LotteryMsg.giftRequired }]}
                        >
                          <Input placeholder={t('gift')} maxLength={100} aria-label={t('gift')} />
                        </Form.Item>
                      )}
                      {kind === PrizeKind.sessions && (
                        <Row gutter={4} wrap={false}>
                          <Col flex="auto">
                            <Form.Item
                              name={[field.name, 'projectId']}
                              rules={[{ required: true, message: LotteryMsg.projectRequired }]}
                            >
                              <ProjectPick />
                            </Form.Item>
                          </Col>
                          <Col flex="64px">
                            <Form.Item name={[field.name, 'sessions']} initialValue={1}>
                              <InputNumber
                                min={1}
                                max={100}
                                precision={0}
                                aria-label={t('sessions')}
                                style={{ width: '100%' }}
                              />
                            </Form.Item>
                          </Col>
                        </Row>
                      )}
                    </Col>
                    <Col span={3}>
                      {kind !== PrizeKind.nothing && (
                        <Form.Item
                          name={[field.name, 'stock']}
                          rules={[{ required: true, message: LotteryMsg.stockRequired }]}
                        >
                          <InputNumber
                            min={0}
                            max={1_000_000}
                            precision={0}
                            placeholder={t('stock')}
                            aria-label={t('stock')}
                            style={{ width: '100%' }}
                          />
                        </Form.Item>
                      )}
                    </Col>
                    <Col span={3}>
                      <Form.Item
                        name={[field.name, 'weight']}
                        rules={[{ required: true, message: LotteryMsg.weightInvalid }]}
                      >
                        <InputNumber
                          min={0}
                          max={1_000_000}
                          precision={0}
                          placeholder={t('weight')}
                          aria-label={t('weight')}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={2} style={{ lineHeight: '32px' }}>
                      {odds[i]}%
                    </Col>
                    <Col span={1}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('remove')}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                </div>
              );
            })}
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_PRIZES}
              onClick={() => add({ name: '', kind: PrizeKind.gift, stock: 1, weight: 1 })}
            >
              {fields.length >= MAX_PRIZES ? t('maxPrizes') : t('addPrize')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
