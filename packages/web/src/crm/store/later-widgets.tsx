import { EnvironmentOutlined } from '@ant-design/icons';
import { GIFT_PROJECT_MAX, giftProjects, SHOP_MAP_ZOOM, signingGoals } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { FileUploadList } from '@/components/upload';
import { useLang } from '@/i18n';
import type { WidgetProps, WidgetRegistry } from '../form/layout/types';
import { type StoreDetail, storeApi } from './api';
import { BankCardInput, MoneyInput, type Option, RemoteSelect } from './fields';
import { choiceOf } from './widgets';

// The map dialog (and Leaflet behind it) loads when the address button is first pressed.
const MapPickerDialog = lazy(() =>
  import('@/components/map-picker/MapPickerDialog').then((m) => ({ default: m.MapPickerDialog })),
);

type Props = WidgetProps<StoreDetail | undefined>;
const ids = (v: unknown) => (Array.isArray(v) ? (v as number[]) : []);

/** Spec 4.2: the address, and a button that clears it and opens the map; the map's place fills it. */
function Address({ id, value, onChange, onBlur, disabled, ctx }: Props) {
  const [mapOpen, setMapOpen] = useState(false);
  const [mapUsed, setMapUsed] = useState(false);
  const { form } = ctx;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={String(value ?? '')}
          maxLength={ctx.fixed?.maxLength}
          aria-label={ctx.label}
          disabled={disabled}
          onChange={(e) => onChange?.(e.target.value)}
          onBlur={onBlur}
        />
        <Button
          disabled={disabled}
          icon={<EnvironmentOutlined />}
          onClick={() => {
            form.setFieldsValue({ [ctx.field.field]: '', longitude: null, latitude: null });
            setMapUsed(true);
            setMapOpen(true);
          }}
        >
          {ctx.t('chooseAddress')}
        </Button>
      </Space.Compact>
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
              form.setFieldsValue({
                [ctx.field.field]: place.address,
                longitude: place.longitude,
                latitude: place.latitude,
              });
              void form.validateFields([ctx.field.field]);
              setMapOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

type IdsSelectProps = Props & {
  loading: boolean;
  options: { value: number; label: string }[];
  /** What choosing does besides keeping the value (default: only that). */
  onChosen?: (v: number[]) => void;
};

/** Several ids among options a call loaded (项目分类, 打样项目). */
function IdsSelect({ id, value, onChange, disabled, loading, options, onChosen }: IdsSelectProps) {
  return (
    <Select
      id={id}
      mode="multiple"
      value={ids(value)}
      disabled={disabled}
      loading={loading}
      options={options}
      onChange={(v) => {
        onChange?.(v);
        onChosen?.(v);
      }}
    />
  );
}

/** 门店主营项目分类: choosing again clears the sample projects, which belong to the classes. */
function ProjectClasses(props: Props) {
  const classes = useQuery({ queryKey: ['store', 'classes'], queryFn: storeApi.projectClasses });
  return (
    <IdsSelect
      {...props}
      loading={classes.isFetching}
      options={(classes.data ?? []).map((c) => ({ value: c.classId, label: c.className }))}
      onChosen={() => props.ctx.form.setFieldValue('isBeatingClass', [])}
    />
  );
}

/** 打样项目: the projects of the chosen classes. */
function BeatingProjects(props: Props) {
  const classIds = ids(Form.useWatch('projectClass', props.ctx.form));
  const projects = useQuery({
    queryKey: ['store', 'projects', classIds.join(',')],
    queryFn: () => storeApi.projects(classIds.join(',')),
    enabled: classIds.length > 0,
  });
  const shown = classIds.length ? (projects.data ?? []) : [];
  return (
    <IdsSelect
      {...props}
      loading={projects.isFetching}
      options={shown.map((p) => ({ value: p.projectId, label: `${p.className} · ${p.projectName}` }))}
    />
  );
}

type PickOption = { value: string; label: string; labelEn: string };
type PickLimits = { max?: number; testId?: string };

/** Several of a fixed list of options (签约目标, 赠送项目), named in the page's language. */
function Picks({
  id,
  value,
  onChange,
  disabled,
  picks,
  max,
  testId,
}: Props & PickLimits & { picks: readonly PickOption[] }) {
  const { lang } = useLang();
  return (
    <Select
      id={id}
      mode="multiple"
      value={value as string[]}
      disabled={disabled}
      onChange={(v) => onChange?.(v)}
      maxCount={max}
      data-testid={testId}
      options={picks.map((p) => ({ value: p.value, label: lang === 'en' ? p.labelEn : p.label }))}
    />
  );
}

/** A widget choosing several of `picks`; called once per widget at module level (one identity each). */
const picksOf =
  (picks: readonly PickOption[], limits: PickLimits = {}) =>
  (props: Props) => <Picks {...props} {...limits} picks={picks} />;

const signingGoalPicks = picksOf(
  signingGoals.map((g) => ({ value: String(g.value), label: g.label, labelEn: g.labelEn })),
);
/** 赠送项目: at most two (spec 5.1); the form sends the chosen labels. */
const giftPicks = picksOf(
  giftProjects.map((g) => ({ value: g.value, label: g.value, labelEn: g.labelEn })),
  { max: GIFT_PROJECT_MAX, testId: 'store-gifts' },
);

type RemoteIdsProps = Props & {
  queryKey: string;
  known: Option<number>[];
  load: (search: string) => Promise<Option<number>[]>;
};

/** Several records by id through a search call, the saved ones named by `known` (下级经销商, 服务门店). */
function RemoteIds({ id, value, onChange, disabled, placeholder, queryKey, known, load }: RemoteIdsProps) {
  return (
    <RemoteSelect<number>
      id={id}
      multiple
      value={ids(value)}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      queryKey={queryKey}
      placeholder={placeholder}
      known={known}
      load={load}
    />
  );
}

/** 下级经销商: the shop owner's lower distributors (the customers' sign-candidate call). */
function SignUsers(props: Props) {
  const { ctx } = props;
  const loaded = ctx.context;
  return (
    <RemoteIds
      {...props}
      queryKey={`sign-${ctx.recordId ?? 0}`}
      known={(loaded?.signUserIds ?? []).map((u) => ({ value: u.userId, label: u.realname }))}
      load={async (search) =>
        (
          await storeApi.signCandidates({
            userId: loaded?.record.ownerUserId ?? undefined,
            search,
            selectSingUserIds: ids(ctx.form.getFieldValue('signItemUserIds')).join(','),
          })
        ).map((u) => ({ value: u.userId, label: `${u.userName} ${u.userPhone}`, disabled: u.disabled }))
      }
    />
  );
}

/**
 * The shop form's widgets of 门店信息, 其他信息, 财务信息 and 12800签约信息 (spec 2.6, 4.2, 5.1):
 * a chunk of their own, mounted just after the form's first paint.
 */
const laterWidgets: WidgetRegistry = {
  address: Address,
  money: ({ id, value, onChange, onBlur, disabled }: Props) => (
    <MoneyInput
      id={id}
      value={value as string | undefined}
      onChange={(v) => onChange?.(v)}
      onBlur={onBlur}
      disabled={disabled}
    />
  ),
  projectClass: ProjectClasses,
  beatingProjects: BeatingProjects,
  relation: ({ id, value, onChange, disabled, placeholder, ctx }: Props) => (
    <RemoteSelect<string>
      id={id}
      value={value as string | undefined}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      queryKey="relation"
      placeholder={placeholder}
      known={
        ctx.context?.relationName
          ? [{ value: String(ctx.context.record.relation), label: ctx.context.relationName }]
          : []
      }
      load={async (s) =>
        (await storeApi.relations(s)).map((u) => ({ value: String(u.userId), label: `${u.realname}（${u.deptName}）` }))
      }
    />
  ),
  servers: (props: Props) => (
    <RemoteIds
      {...props}
      queryKey={`servers-${props.ctx.recordId ?? 0}`}
      known={(props.ctx.context?.servers ?? []).map((s) => ({ value: s.shopId, label: s.shopName }))}
      load={async (s) =>
        (await storeApi.servers(s, props.ctx.recordId)).map((o) => ({ value: o.shopId, label: o.shopName }))
      }
    />
  ),
  // `member` (管理员) is the first section's widget (widgets.tsx), its picker loaded when shown.
  customerType: choiceOf([0, 'newCustomer'], [1, 'oldCustomer']),
  photos: ({ value, onChange, disabled, ctx }: Props) => (
    <FileUploadList
      type="img"
      batchId={(value as string) || null}
      onBatchIdChange={(b) => onChange?.(b)}
      deleteConfirm={ctx.t('deleteConfirm')}
      readOnly={disabled}
    />
  ),
  bankCard: ({ id, value, onChange, disabled }: Props) => (
    <BankCardInput id={id} value={value as string | undefined} onChange={(v) => onChange?.(v)} disabled={disabled} />
  ),
  date: ({ id, value, onChange, disabled }: Props) => (
    <DatePicker
      id={id}
      format="YYYY-MM-DD"
      value={(value as Dayjs | null) ?? null}
      disabled={disabled}
      onChange={(d) => onChange?.(d)}
    />
  ),
  signingGoals: signingGoalPicks,
  gifts: giftPicks,
  switch: ({ id, value, onChange, disabled }: Props) => (
    <Switch id={id} checked={Boolean(value)} disabled={disabled} onChange={(v) => onChange?.(v)} />
  ),
  signUsers: SignUsers,
};
export default laterWidgets;
