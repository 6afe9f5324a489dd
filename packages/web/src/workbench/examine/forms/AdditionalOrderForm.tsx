import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExamineFormDefinition, emptyGuest, type GuestChoice, type GuestFormType } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Radio, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useOrderMessages } from './additional-order-messages';
import { formKeys, formsApi } from './api';
import { ContentItem, DateItem, ModelItem, TextItem } from './items';
import { modelRule } from './schema-rules';

type Props = { def: ExamineFormDefinition };
type Path = (string | number)[];

/** The fields a guest block takes from the chosen customer or shop (the server takes them again). */
const fromChoice = (c: GuestChoice) => ({
  customerId: c.customerId,
  customerName: c.customerName,
  userId: c.userId ?? undefined,
  phone: c.mobile,
  age: c.age,
  gender: c.gender,
  bossMobile: c.bossMobile,
  shopOwnerName: c.shopOwnerName,
  hasOldCustomer: c.hasOldCustomer,
  relation: c.relation,
  ownerUserDeptName: c.deptName,
  hasStoreShareholder: c.hasOwnerShareholder,
  ownerShareholderType: c.ownerShareholderType ?? undefined,
});

/** Comma-joined department ids (the wire's) ↔ the multi-select's numbers. */
const commaList = {
  getValueProps: (v: unknown) => ({
    value: typeof v === 'string' && v ? v.split(',').map(Number) : Array.isArray(v) ? v.map(Number) : [],
  }),
  normalize: (ids: number[] | undefined) => (ids ?? []).join(','),
};

function useDebounced(text: string, ms = 300) {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const id = setTimeout(() => setValue(text), ms);
    return () => clearTimeout(id);
  }, [text, ms]);
  return value;
}

/** The guest's customer or shop: searched among those the applicant may see, by the block's type. */
function GuestPicker({ def, name }: { def: ExamineFormDefinition; name: number }) {
  const t = useOrderMessages();
  const form = Form.useFormInstance();
  const type = (Form.useWatch(['model', name, 'formType'], form) as GuestFormType | undefined) ?? 1;
  const chosenId = Form.useWatch(['model', name, 'customerId'], form) as number | undefined;
  const chosenName = Form.useWatch(['model', name, 'customerName'], form) as string | undefined;
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  // The choices are the block type's: switching the type reloads them.
  const choices = useQuery({
    queryKey: formKeys.guests(type, query),
    queryFn: () => formsApi.guestChoices(type, query),
    placeholderData: keepPreviousData,
  });
  const list = choices.data?.list ?? [];
  const options = list.map((c) => ({
    value: c.customerId,
    label: type === 2 ? `${c.shopOwnerName}（${c.customerName}）` : `${c.customerName} ${c.mobile}`,
  }));
  if (chosenId && !list.some((c) => c.customerId === chosenId))
    options.unshift({ value: chosenId, label: chosenName ?? '' });

  const choose = (id: number | undefined) => {
    const c = list.find((x) => x.customerId === id);
    const current = form.getFieldValue(['model', name]) as Record<string, unknown>;
    form.setFieldValue(['model', name], {
      ...current,
      ...(c ? fromChoice(c) : { ...emptyGuest(type), projectContent: current.projectContent }),
      formType: type,
    });
    void form.validateFields([
      ['model', name, 'customerId'],
      ['model', name, 'phone'],
      ['model', name, 'relation'],
    ]);
  };

  return (
    <ModelItem def={def} path={[name, 'customerId']} name={[name, 'customerId']} label={t('customer')}>
      <Select
        showSearch
        allowClear
        filterOption={false}
        onSearch={setSearch}
        onChange={(v) => choose(v as number | undefined)}
        loading={choices.isFetching}
        options={options}
        placeholder={type === 2 ? t('chooseShop') : t('chooseCustomer')}
        aria-label={t('customer')}
        data-testid="guest-customer"
      />
    </ModelItem>
  );
}

/** What the chosen record gives that the block only shows: gender, old/new, shop, boss, owner's department. */
function RecordFacts({ name }: { name: number }) {
  const t = useOrderMessages();
  const form = Form.useFormInstance();
  const g = (Form.useWatch(['model', name], form) ?? {}) as Record<string, unknown>;
  if (!g.customerId) return null;
  const gender = g.gender === 1 ? t('male') : g.gender === 2 ? t('female') : t('unknown');
  const facts = [
    `${t('gender')}：${gender}`,
    g.hasOldCustomer ? t('oldCustomer') : t('newCustomer'),
    g.shopOwnerName ? `${t('shopOwnerName')}：${String(g.shopOwnerName)}` : '',
    g.bossMobile ? `${t('bossMobile')}：${String(g.bossMobile)}` : '',
    g.ownerUserDeptName ? `${t('ownerUserDeptName')}：${String(g.ownerUserDeptName)}` : '',
  ].filter(Boolean);
  return (
    <div className="exm-guest__facts" data-testid="guest-facts">
      {facts.join(' · ')}
    </div>
  );
}

function GuestBlock({ def, name, index }: { def: ExamineFormDefinition; name: number; index: number }) {
  const t = useOrderMessages();
  const form = Form.useFormInstance();
  const shareholder = Form.useWatch(['model', name, 'hasStoreShareholder'], form) as boolean | undefined;
  const depts = useQuery({ queryKey: formKeys.deptOptions, queryFn: formsApi.deptOptions });
  const designers = useQuery({ queryKey: formKeys.designers, queryFn: formsApi.designers });
  const shareholderTypes = useQuery({
    queryKey: formKeys.dictionary('ownerShareholderType'),
    queryFn: () => formsApi.dictionary('ownerShareholderType'),
  });
  const at = (key: string): { path: Path; name: Path } => ({ path: [name, key], name: [name, key] });

  // A new type: the record-given fields are cleared, what was typed stays.
  const switchType = (type: GuestFormType) => {
    const current = form.getFieldValue(['model', name]) as Record<string, unknown>;
    const cleared = emptyGuest(type);
    form.setFieldValue(['model', name], {
      ...cleared,
      projectContent: current.projectContent,
      subTime: current.subTime,
      deptId: current.deptId,
      needCap: current.needCap,
      otherName: current.otherName,
      otherPhone: current.otherPhone,
      tips: current.tips,
      remark: current.remark,
      appointDesignerUserId: current.appointDesignerUserId,
    });
  };

  return (
    <div className="exm-line__grid">
      <Form.Item name={[name, 'formType']} label={t('formType')}>
        <Radio.Group
          aria-label={t('formType')}
          onChange={(e) => switchType(e.target.value as GuestFormType)}
          options={[
            { value: 1, label: t('typeCustomer') },
            { value: 2, label: t('typeShop') },
          ]}
          data-testid={`guest-type-${index}`}
        />
      </Form.Item>
      <GuestPicker def={def} name={name} />
      <TextItem def={def} {...at('phone')} label={t('phone')} max={11} readOnly />
      <TextItem def={def} {...at('age')} label={t('age')} max={2} readOnly required={false} />
      <div style={{ gridColumn: '1 / -1' }}>
        <RecordFacts name={name} />
      </div>
      <TextItem def={def} {...at('relation')} label={t('relation')} max={50} />
      <DateItem def={def} {...at('subTime')} label={t('subTime')} required={false} />
      <Form.Item
        name={[name, 'deptId']}
        label={t('dept')}
        required
        rules={[modelRule(def, name, 'deptId')]}
        {...commaList}
      >
        <Select
          mode="multiple"
          aria-label={t('dept')}
          placeholder={t('chooseDept')}
          optionFilterProp="label"
          loading={depts.isLoading}
          options={depts.data ?? []}
          data-testid="guest-dept"
        />
      </Form.Item>
      <ModelItem def={def} {...at('appointDesignerUserId')} label={t('designer')} required={false}>
        <Select
          allowClear
          aria-label={t('designer')}
          placeholder={t('chooseDesigner')}
          options={(designers.data ?? []).map((d) => ({ value: d.userId, label: d.realName }))}
        />
      </ModelItem>
      <div style={{ gridColumn: '1 / -1' }}>
        <TextItem def={def} {...at('projectContent')} label={t('projectContent')} max={500} area />
      </div>
      <Form.Item name={[name, 'hasStoreShareholder']} label={t('hasStoreShareholder')} valuePropName="checked">
        <Switch aria-label={t('hasStoreShareholder')} checkedChildren={t('yes')} unCheckedChildren={t('no')} />
      </Form.Item>
      {shareholder ? (
        <ModelItem def={def} {...at('ownerShareholderType')} label={t('ownerShareholderType')} required={false}>
          <Select
            allowClear
            aria-label={t('ownerShareholderType')}
            options={(shareholderTypes.data ?? []).map((d) => ({ value: Number(d.dictValue), label: d.dictName }))}
          />
        </ModelItem>
      ) : (
        <div />
      )}
      <TextItem def={def} {...at('needCap')} label={t('needCap')} max={100} required={false} />
      <TextItem def={def} {...at('otherName')} label={t('otherName')} max={20} required={false} />
      <TextItem def={def} {...at('otherPhone')} label={t('otherPhone')} max={20} required={false} />
      <TextItem def={def} {...at('tips')} label={t('tips')} max={200} required={false} />
      <div style={{ gridColumn: '1 / -1' }}>
        <TextItem def={def} {...at('remark')} label={t('remark')} max={200} area required={false} />
      </div>
      {/* Kept with the block: the record's fields the server fills in again. */}
      {(
        [
          'customerName',
          'userId',
          'gender',
          'bossMobile',
          'shopOwnerName',
          'hasOldCustomer',
          'ownerUserDeptName',
        ] as const
      ).map((key) => (
        <Form.Item key={key} name={[name, key]} hidden>
          <Input />
        </Form.Item>
      ))}
    </div>
  );
}

/**
 * 追加单: the approval content, the task, and one or more guests. A guest is a customer or a shop
 * the applicant may see; choosing one fills its phone and age (read-only) and what the record
 * gives; a guest is added and removed (删除成功~, one stays); reset starts over.
 */
export default function AdditionalOrderForm({ def }: Props) {
  const t = useOrderMessages();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const tasks = useQuery({ queryKey: formKeys.taskTypes, queryFn: formsApi.taskTypes });

  const reset = () => {
    form.setFieldsValue({ content: '', oaExamine: { taskId: undefined } });
    form.setFieldValue('model', [emptyGuest()]);
  };

  return (
    <>
      <ContentItem def={def} />
      <Form.Item name={['oaExamine', 'taskId']} label={t('task')}>
        <Select
          allowClear
          aria-label={t('task')}
          placeholder={t('chooseTask')}
          loading={tasks.isLoading}
          options={(tasks.data ?? []).map((x) => ({ value: x.taskId, label: x.taskName }))}
          data-testid="order-task"
        />
      </Form.Item>
      <Form.List name="model">
        {(items, { add, remove }) => (
          <div className="exm-lines" data-testid="order-guests">
            {items.map((item, i) => (
              <div className="exm-line" key={item.key} data-testid="order-guest">
                <div className="exm-line__head">
                  <span>{t('guest', { n: i + 1 })}</span>
                  {items.length > 1 && (
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('removeGuest')}
                      onClick={() => {
                        remove(item.name);
                        message.success(t('guestDeleted'));
                      }}
                    />
                  )}
                </div>
                <GuestBlock def={def} name={item.name} index={i} />
              </div>
            ))}
            <Space className="exm-lines__actions">
              <Button icon={<PlusOutlined />} onClick={() => add(emptyGuest())} data-testid="order-add-guest">
                {t('addGuest')}
              </Button>
              <Button onClick={reset} data-testid="order-reset">
                {t('reset')}
              </Button>
            </Space>
          </div>
        )}
      </Form.List>
    </>
  );
}
