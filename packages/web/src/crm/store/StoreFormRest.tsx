import { EnvironmentOutlined } from '@ant-design/icons';
import { GIFT_PROJECT_MAX, giftProjects, SHOP_MAP_ZOOM, signingGoals, storeText } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, type FormInstance, Input, Radio, Select, Space, Switch } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { MemberSelect } from '@/components/member-picker';
import { FileUploadList } from '@/components/upload';
import { useLang } from '@/i18n';
import { type StoreDetail, storeApi } from './api';
import { BankCardInput, MoneyInput, RemoteSelect } from './fields';
import { useStoreMessages } from './messages';
import { type Gate, type Level, type Rules, StoreSection } from './sections';
import type { StoreValues } from './values';

// The map dialog (and Leaflet behind it) loads when the address button is first pressed.
const MapPickerDialog = lazy(() =>
  import('@/components/map-picker/MapPickerDialog').then((m) => ({ default: m.MapPickerDialog })),
);

export type StoreFormRestProps = {
  form: FormInstance<StoreValues>;
  recordId?: number;
  loaded?: StoreDetail;
  gate: Gate;
  level: Level;
  rules: Rules;
  /** Called once these sections are mounted: the form may then be checked and saved whole. */
  onMounted: () => void;
};

/**
 * The shop form's sections after the first (spec 2.6: 门店信息, 其他信息, 财务信息, 12800签约信息),
 * a chunk of their own mounted just after the panel's first paint, so the panel opens at once
 * with 店主基本信息 while the date pickers, photo lists and member picker load behind it.
 */
export default function StoreFormRest({ form, recordId, loaded, gate, level, rules, onMounted }: StoreFormRestProps) {
  const t = useStoreMessages();
  const { lang } = useLang();
  const [mapOpen, setMapOpen] = useState(false);
  const [mapUsed, setMapUsed] = useState(false);
  const classIds = Form.useWatch('projectClass', form) ?? [];
  const hasSign = Form.useWatch('hasSign', form) ?? false;
  const classes = useQuery({ queryKey: ['store', 'classes'], queryFn: storeApi.projectClasses });
  const projects = useQuery({
    queryKey: ['store', 'projects', classIds.join(',')],
    queryFn: () => storeApi.projects(classIds.join(',')),
    enabled: classIds.length > 0,
  });
  useEffect(() => onMounted(), [onMounted]);

  return (
    <>
      <StoreSection name="shop" title={t('shop')}>
        {gate(
          'shopName',
          <Form.Item name="shopName" label={t('shopName')} required rules={rules('shopName')} validateTrigger="onBlur">
            <Input maxLength={storeText.shopName.max} />
          </Form.Item>,
        )}
        {level('shopAddress') !== 1 && (
          <Form.Item label={t('shopAddress')} required={level('shopAddress') === 3}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="shopAddress"
                noStyle
                rules={level('shopAddress') === 3 ? rules('shopAddress') : []}
                validateTrigger="onBlur"
              >
                <Input
                  maxLength={storeText.shopAddress.max}
                  aria-label={t('shopAddress')}
                  disabled={level('shopAddress') === 2}
                />
              </Form.Item>
              <Button
                disabled={level('shopAddress') === 2}
                icon={<EnvironmentOutlined />}
                onClick={() => {
                  // Spec 4.2: the address button clears the address and opens the map.
                  form.setFieldsValue({ shopAddress: '', longitude: null, latitude: null });
                  setMapUsed(true);
                  setMapOpen(true);
                }}
              >
                {t('chooseAddress')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <Space wrap size={16}>
          {(['area', 'year', 'personnel', 'stableMembes'] as const).map((k) =>
            gate(
              k,
              <Form.Item key={k} name={k} label={t(k)} rules={rules(k)} validateTrigger="onBlur">
                <Input inputMode="decimal" style={{ width: 140 }} />
              </Form.Item>,
            ),
          )}
        </Space>
        <Form.Item
          name="backbonePhone"
          label={t('backbonePhone')}
          rules={rules('backbonePhone')}
          validateTrigger="onBlur"
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        {gate(
          'storeBrand',
          <Form.Item name="storeBrand" label={t('storeBrand')} rules={rules('storeBrand')}>
            <Input maxLength={storeText.storeBrand.max} />
          </Form.Item>,
        )}
        {gate(
          'storeOutputValue',
          <Form.Item name="storeOutputValue" label={t('storeOutputValue')} rules={rules('storeOutputValue')}>
            <MoneyInput />
          </Form.Item>,
        )}
        <Form.Item name="projectClass" label={t('projectClass')} required rules={rules('projectClass')}>
          <Select
            mode="multiple"
            loading={classes.isFetching}
            options={(classes.data ?? []).map((c) => ({ value: c.classId, label: c.className }))}
            onChange={() => form.setFieldValue('isBeatingClass', [])}
          />
        </Form.Item>
        <Form.Item name="isBeatingClass" label={t('isBeatingClass')}>
          <Select
            mode="multiple"
            loading={projects.isFetching}
            options={(classIds.length ? (projects.data ?? []) : []).map((p) => ({
              value: p.projectId,
              label: `${p.className} · ${p.projectName}`,
            }))}
          />
        </Form.Item>
      </StoreSection>
      <StoreSection name="other" title={t('other')}>
        {gate(
          'relation',
          <Form.Item name="relation" label={t('relation')} required rules={rules('relation')}>
            <RemoteSelect<string>
              queryKey="relation"
              placeholder={t('relationTips')}
              known={
                loaded?.relationName ? [{ value: String(loaded.record.relation), label: loaded.relationName }] : []
              }
              load={async (s) =>
                (await storeApi.relations(s)).map((u) => ({
                  value: String(u.userId),
                  label: `${u.realname}（${u.deptName}）`,
                }))
              }
            />
          </Form.Item>,
        )}
        <Form.Item name="serverIds" label={t('servers')} extra={t('serversTips')} rules={rules('serverIds')}>
          <RemoteSelect<number>
            multiple
            queryKey={`servers-${recordId ?? 0}`}
            known={(loaded?.servers ?? []).map((s) => ({ value: s.shopId, label: s.shopName }))}
            load={async (s) =>
              (await storeApi.servers(s, recordId)).map((o) => ({ value: o.shopId, label: o.shopName }))
            }
          />
        </Form.Item>
        <Form.Item name="adminUser" label={t('adminUser')}>
          <MemberSelect single title={t('adminUser')} placeholder={t('adminUser')} />
        </Form.Item>
        <Form.Item name="hasOldCustomer" label={t('hasOldCustomer')}>
          <Radio.Group
            options={[
              { value: 0, label: t('newCustomer') },
              { value: 1, label: t('oldCustomer') },
            ]}
          />
        </Form.Item>
        {gate(
          'remark',
          <Form.Item name="remark" label={t('remark')} rules={rules('remark')}>
            <Input.TextArea rows={3} maxLength={storeText.remark.max} showCount />
          </Form.Item>,
        )}
        <Form.Item label={t('businessLicensePhotos')} shouldUpdate>
          {() => (
            <FileUploadList
              type="img"
              batchId={form.getFieldValue('businessLicensePhotos') || null}
              onBatchIdChange={(b) => form.setFieldValue('businessLicensePhotos', b)}
              deleteConfirm={t('deleteConfirm')}
            />
          )}
        </Form.Item>
        <Form.Item label={t('contractPhotos')} shouldUpdate>
          {() => (
            <FileUploadList
              type="img"
              batchId={form.getFieldValue('contractPhotos') || null}
              onBatchIdChange={(b) => form.setFieldValue('contractPhotos', b)}
              deleteConfirm={t('deleteConfirm')}
            />
          )}
        </Form.Item>
      </StoreSection>
      <StoreSection name="finance" title={t('finance')}>
        {gate(
          'bankCardNumber',
          <Form.Item
            name="bankCardNumber"
            label={t('bankCardNumber')}
            rules={rules('bankCardNumber')}
            validateTrigger="onBlur"
          >
            <BankCardInput />
          </Form.Item>,
        )}
        {gate(
          'tlNumber',
          <Form.Item name="tlNumber" label={t('tlNumber')} rules={rules('tlNumber')}>
            <Input maxLength={storeText.tlNumber.max} />
          </Form.Item>,
        )}
        {gate(
          'money',
          <Form.Item name="money" label={t('money')} required rules={rules('money')} validateTrigger="onBlur">
            <MoneyInput />
          </Form.Item>,
        )}
        {gate(
          'signTime',
          <Form.Item name="signTime" label={t('signTime')} required rules={rules('signTime')}>
            <DatePicker format="YYYY-MM-DD" />
          </Form.Item>,
        )}
        {gate(
          'signing',
          <Form.Item name="signing" label={t('signing')} required rules={rules('signing')}>
            <Select
              mode="multiple"
              options={signingGoals.map((g) => ({
                value: String(g.value),
                label: lang === 'en' ? g.labelEn : g.label,
              }))}
            />
          </Form.Item>,
        )}
        <Form.Item
          name="giveProject"
          label={t('giveProject')}
          extra={t('giveProjectTips')}
          rules={rules('giveProject')}
        >
          <Select
            mode="multiple"
            maxCount={GIFT_PROJECT_MAX}
            data-testid="store-gifts"
            options={giftProjects.map((g) => ({ value: g.value, label: lang === 'en' ? g.labelEn : g.value }))}
          />
        </Form.Item>
      </StoreSection>
      <StoreSection name="signing12800" title={t('signing12800')}>
        <Form.Item name="hasSign" label={t('hasSign')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {hasSign && (
          <>
            <Form.Item name="signTimes" label={t('signTimes')} required rules={rules('signTimes')}>
              <DatePicker format="YYYY-MM-DD" />
            </Form.Item>
            <Form.Item name="signItemUserIds" label={t('signItemUserIds')}>
              <RemoteSelect<number>
                multiple
                queryKey={`sign-${recordId ?? 0}`}
                placeholder={t('signItemTips')}
                known={(loaded?.signUserIds ?? []).map((u) => ({ value: u.userId, label: u.realname }))}
                load={async (search) =>
                  (
                    await storeApi.signCandidates({
                      userId: loaded?.record.ownerUserId ?? undefined,
                      search,
                      selectSingUserIds: (form.getFieldValue('signItemUserIds') ?? []).join(','),
                    })
                  ).map((u) => ({ value: u.userId, label: `${u.userName} ${u.userPhone}`, disabled: u.disabled }))
                }
              />
            </Form.Item>
          </>
        )}
      </StoreSection>
      {mapUsed && (
        <Suspense fallback={null}>
          <MapPickerDialog
            open={mapOpen}
            zoom={SHOP_MAP_ZOOM}
            value={{
              longitude: form.getFieldValue('longitude') ?? null,
              latitude: form.getFieldValue('latitude') ?? null,
              address: '',
            }}
            onCancel={() => setMapOpen(false)}
            onConfirm={(place) => {
              form.setFieldsValue({ shopAddress: place.address, longitude: place.longitude, latitude: place.latitude });
              void form.validateFields(['shopAddress']);
              setMapOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
