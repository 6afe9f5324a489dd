import { Descriptions } from 'antd';
import type { ExamineDetail } from '../api';
import { useOrderMessages } from './additional-order-messages';

type Guest = Record<string, unknown>;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const multiline = (v: unknown) => <span style={{ whiteSpace: 'pre-wrap' }}>{text(v)}</span>;

/** 追加单 in the detail drawer and the print sheet: the content, the task, every field of every guest. */
export function AdditionalOrderDetail({ detail }: { detail: ExamineDetail }) {
  const t = useOrderMessages();
  const guests = (Array.isArray(detail.model) ? detail.model : []) as Guest[];
  const task = text((detail.oaExamine as Record<string, unknown> | undefined)?.taskName);
  const yesNo = (v: unknown) => (v === true ? t('yes') : t('no'));
  const gender = (v: unknown) => (v === 1 ? t('male') : v === 2 ? t('female') : t('unknown'));
  return (
    <div data-testid="detail-additionalOrder">
      <Descriptions
        column={1}
        size="small"
        bordered
        className="df-display"
        items={[
          { key: 'content', label: t('content'), children: detail.content },
          { key: 'task', label: t('task'), children: task },
        ]}
      />
      {guests.map((g, i) => (
        <Descriptions
          key={text(g.id) || String(i)}
          title={t('guest', { n: i + 1 })}
          column={2}
          size="small"
          bordered
          className="df-display exm-detail__guest"
          data-testid="detail-guest"
          items={[
            ['formType', t('formType'), g.formType === 2 ? t('typeShop') : t('typeCustomer')],
            ['customerName', t('customer'), text(g.customerName)],
            ['phone', t('phone'), text(g.phone)],
            ['age', t('age'), text(g.age)],
            ['gender', t('gender'), gender(g.gender)],
            ['hasOldCustomer', t('hasOldCustomer'), g.hasOldCustomer ? t('oldCustomer') : t('newCustomer')],
            ['shopOwnerName', t('shopOwnerName'), text(g.shopOwnerName)],
            ['bossMobile', t('bossMobile'), text(g.bossMobile)],
            ['ownerUserDeptName', t('ownerUserDeptName'), text(g.ownerUserDeptName)],
            ['relation', t('relation'), text(g.relation)],
            ['subTime', t('subTime'), text(g.subTime)],
            ['dept', t('dept'), (Array.isArray(g.deptNames) ? g.deptNames : []).join('、')],
            ['designer', t('designer'), text(g.appointDesignerName)],
            ['hasStoreShareholder', t('hasStoreShareholder'), yesNo(g.hasStoreShareholder)],
            ['ownerShareholderType', t('ownerShareholderType'), text(g.ownerShareholderTypeName)],
            ['needCap', t('needCap'), text(g.needCap)],
            ['otherName', t('otherName'), text(g.otherName)],
            ['otherPhone', t('otherPhone'), text(g.otherPhone)],
            ['projectContent', t('projectContent'), multiline(g.projectContent)],
            ['tips', t('tips'), multiline(g.tips)],
            ['remark', t('remark'), multiline(g.remark)],
          ].map(([key, label, children]) => ({
            key: key as string,
            label: label as string,
            children: children as React.ReactNode,
            span: ['projectContent', 'tips', 'remark'].includes(key as string) ? 2 : 1,
          }))}
        />
      ))}
    </div>
  );
}
