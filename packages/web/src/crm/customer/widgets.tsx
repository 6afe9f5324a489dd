import { UploadOutlined } from '@ant-design/icons';
import type { CustomerEdit } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, DatePicker, Image, Radio, Select, Space, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { uploadFile } from '@/components/upload/api';
import type { WidgetProps, WidgetRegistry } from '../form/layout/types';
import { customerPanelApi, type ShopOption } from './api';

type Props = WidgetProps<CustomerEdit | undefined>;
export const DAY = 'YYYY-MM-DD';

/** The owning shop: a name autocomplete (case-insensitive prefix) that sets the shop id and relation. */
function ShopInput({ id, value, onChange, onBlur, disabled, placeholder, ctx }: Props) {
  const [options, setOptions] = useState<ShopOption[]>([]);
  const search = async (text: string) => {
    if (!text.trim()) return setOptions([]);
    const found = await customerPanelApi.searchShop(text).catch(() => []);
    const prefix = text.trim().toLowerCase();
    setOptions(found.filter((s) => s.shopName.toLowerCase().startsWith(prefix)));
  };
  return (
    <AutoComplete
      id={id}
      value={value as string | undefined}
      disabled={disabled}
      placeholder={placeholder}
      options={options.map((s) => ({ value: String(s.shopId), label: s.shopName }))}
      // Typed text arrives through onSearch and a pick through onSelect; onChange carries both, and a
      // typed text equal to an offered shop's id even arrives with that shop's option, so it is not used.
      // Typing clears the chosen shop until an option is picked.
      onSearch={(text) => {
        ctx.form.setFieldsValue({ shopOwnerId: undefined });
        onChange?.(text);
        void search(text);
      }}
      onBlur={onBlur}
      onSelect={(picked: string) => {
        const shop = options.find((s) => String(s.shopId) === picked);
        if (!shop) return;
        // 服务三级 is the shop's: the name of its serving employee.
        ctx.form.setFieldsValue({ shopOwnerId: shop.shopId, relation: shop.relation ?? '' });
        onChange?.(shop.shopName);
      }}
    />
  );
}

/** The ID image: shown, and replaced by an upload (who may edit it, spec 4.3). */
function IdImage({ value, onChange, disabled, ctx }: Props) {
  const url = typeof value === 'string' ? value : '';
  return (
    <Space align="start">
      {url ? <Image src={url} width={96} /> : null}
      <Upload
        accept="image/*"
        showUploadList={false}
        disabled={disabled}
        customRequest={async ({ file, onSuccess, onError }) => {
          try {
            const info = await uploadFile(file as Blob, { type: 'img' });
            onChange?.(info.url);
            onSuccess?.(info);
          } catch (e) {
            onError?.(e as Error);
          }
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {ctx.t('upload')}
        </Button>
      </Upload>
    </Space>
  );
}

/** Lower-level distributors: a remote multi-select shown as name-phone; `disabled` candidates cannot be picked. */
function SignUsers({ id, value, onChange, disabled, placeholder, ctx }: Props) {
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  const [search, setSearch] = useState('');
  const held = chosen.join(',');
  const customerId = ctx.recordId;
  const userId = ctx.context?.userId ?? undefined;
  const candidates = useQuery({
    queryKey: ['crm', 'customer', 'signCandidates', search, held, customerId, userId],
    queryFn: () =>
      customerPanelApi.signCandidates({
        search,
        selectSingUserIds: held ? held.split(',').map(Number) : [],
        customerId,
        userId,
      }),
    retry: false,
  });
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      filterOption={false}
      value={chosen}
      disabled={disabled}
      onChange={(v) => onChange?.(v)}
      onSearch={setSearch}
      placeholder={placeholder}
      options={(candidates.data ?? []).map((c) => ({
        value: c.userId,
        label: `${c.userName}-${c.userPhone}`,
        disabled: c.disabled > 0,
      }))}
    />
  );
}

const choice =
  (options: { value: unknown; label: string }[]) =>
  ({ id, value, onChange, disabled, ctx }: Props) => (
    <Radio.Group id={id} value={value} disabled={disabled} onChange={(e) => onChange?.(e.target.value)}>
      {options.map((o) => (
        <Radio key={String(o.value)} value={o.value}>
          {ctx.t(o.label)}
        </Radio>
      ))}
    </Radio.Group>
  );

/** The customer panel's own widgets (shell spec 4.3). */
export const customerWidgets: WidgetRegistry = {
  yesNo: choice([
    { value: true, label: 'yes' },
    { value: false, label: 'no' },
  ]),
  gender: choice([
    { value: 1, label: 'male' },
    { value: 2, label: 'female' },
  ]),
  shop: ShopInput,
  idImage: IdImage,
  date: ({ id, value, onChange, onBlur, disabled }: Props) => (
    <DatePicker
      id={id}
      format={DAY}
      value={(value as Dayjs | null) ?? null}
      disabled={disabled}
      onChange={(d) => onChange?.(d)}
      onBlur={onBlur}
    />
  ),
  signUsers: SignUsers,
};
