import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Input, Radio, Space, Spin, Upload } from 'antd';
import { lazy, Suspense } from 'react';
import { uploadFile } from '@/components/upload/api';
import type { WidgetProps, WidgetRegistry } from '../form/layout/types';
import { type StoreDetail, storeApi } from './api';
import { RemoteSelect } from './fields';

// The member picker (a department tree, a user table) only for the rare 负责人信息 section.
const MemberSelect = lazy(() =>
  import('@/components/member-picker/MemberSelect').then((m) => ({ default: m.MemberSelect })),
);

type Props = WidgetProps<StoreDetail | undefined>;

/** The ID image: uploaded under the form's batch, shown with a button that removes it. */
function IdImage({ value, onChange, disabled, ctx }: Props) {
  const url = typeof value === 'string' ? value : '';
  const upload = async (file: File) => {
    try {
      const info = await uploadFile(file, { batchId: ctx.batchId, type: 'img' });
      onChange?.(info.url);
    } catch {
      // the request layer showed the server's message
    }
    return false;
  };
  return url ? (
    <Space>
      <img src={url} alt={ctx.label} style={{ maxHeight: 80 }} />
      <Button icon={<DeleteOutlined />} aria-label={ctx.label} disabled={disabled} onClick={() => onChange?.('')} />
    </Space>
  ) : (
    <Upload accept="image/*" showUploadList={false} beforeUpload={upload} disabled={disabled}>
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {ctx.label}
      </Button>
    </Upload>
  );
}

type Choices = [value: number, word: string][];

function Choice({ id, value, onChange, disabled, ctx, choices }: Props & { choices: Choices }) {
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange?.(e.target.value)}
      options={choices.map(([v, word]) => ({ value: v, label: ctx.t(word) }))}
    />
  );
}

/**
 * Radio buttons of fixed codes, each named by the form's words (性别, 是/否, 新/老顾客); called
 * once per widget at module level, so each widget keeps one identity.
 */
export const choiceOf =
  (...choices: Choices) =>
  (props: Props) => <Choice {...props} choices={choices} />;

/**
 * The shop form's own widgets of its first section (spec 2.6, 4.2); the later sections' come
 * with their chunk (later-widgets.tsx).
 */
export const storeWidgets: WidgetRegistry = {
  sex: choiceOf([0, 'male'], [1, 'female']),
  yesNo: choiceOf([1, 'yes'], [0, 'no']),
  /** A phone that is not a fixed field (骨干电话): digits, at most 11. */
  phone: ({ id, value, onChange, onBlur, disabled }: Props) => (
    <Input
      id={id}
      value={String(value ?? '')}
      disabled={disabled}
      maxLength={11}
      inputMode="numeric"
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={onBlur}
    />
  ),
  idImage: IdImage,
  /** 主店: another shop, searched by its name or its owner's. */
  parentShop: ({ id, value, onChange, disabled, placeholder, ctx }: Props) => {
    const loaded = ctx.context;
    return (
      <RemoteSelect<number>
        id={id}
        value={value as number | undefined}
        onChange={(v) => onChange?.(v)}
        disabled={disabled}
        queryKey={`owners-${ctx.recordId ?? 0}`}
        placeholder={placeholder}
        known={
          loaded?.parentName && loaded.record.parentLoginShopOwnerId
            ? [{ value: Number(loaded.record.parentLoginShopOwnerId), label: loaded.parentName }]
            : []
        }
        load={async (s) =>
          (await storeApi.shopOwners(s, ctx.recordId)).map((o) => ({
            value: o.shopId,
            label: `${o.shopName}（${o.name}）`,
          }))
        }
      />
    );
  },
  member: ({ value, onChange, disabled, ctx }: Props) => (
    <Suspense fallback={<Spin />}>
      <MemberSelect
        single
        value={value as never}
        onChange={onChange as never}
        disabled={disabled}
        title={ctx.label}
        placeholder={ctx.label}
      />
    </Suspense>
  ),
};
