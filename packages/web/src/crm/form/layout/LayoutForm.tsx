import type { FieldDefinition, FixedField, LayoutSection } from '@crm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Result, Space, Spin } from 'antd';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
// values.ts alone: the dynamic form's index would bring its date pickers and record pickers along.
import { collectFields, initialValues, newBatchId } from '@/components/dynamic-form/values';
import { validateWithSchema, zodRules } from '@/components/form/zod-rules';
import { queryFields, recordKeys } from '../../api';
import { useFieldLevels } from '../../fields';
import type { CrmKind } from '../../types';
import { ReviewButtons, useReviewBlock } from '../ReviewBlock';
import { type ItemsContext, LayoutSectionView } from './items';
import { type LaterProps, LaterSections, SectionNav } from './sections';
import type { FooterProps, KindForm, WidgetRegistry } from './types';
import './layout-form.css';

// The custom fields (the dynamic form and its pickers), the attachments and the review section
// (its member picker) only for a form that has them.
const CustomFields = lazy(() => import('./CustomFields'));
const Attachments = lazy(() => import('./Attachments'));
const ReviewSection = lazy(() => import('../ReviewSection'));

/** Spec 9: create overlays are 700 px wide. */
const WIDTH = 700;

// One later chunk per kind form: its widgets, asked for once.
const laterChunks = new WeakMap<KindForm, Promise<WidgetRegistry>>();
function laterWidgets(spec: KindForm): Promise<WidgetRegistry> {
  let chunk = laterChunks.get(spec);
  if (!chunk) {
    chunk = spec.laterWidgets ? spec.laterWidgets().then((m) => m.default) : Promise.resolve({});
    laterChunks.set(spec, chunk);
  }
  return chunk;
}
const laterViews = new WeakMap<KindForm, LazyExoticComponent<ComponentType<LaterProps>>>();
function laterView(spec: KindForm) {
  let view = laterViews.get(spec);
  if (!view) {
    view = lazy(async () => {
      const widgets = await laterWidgets(spec);
      return { default: (p: LaterProps) => <LaterSections {...p} widgets={widgets} /> };
    });
    laterViews.set(spec, view);
  }
  return view;
}

export type LayoutFormProps = {
  kind: CrmKind;
  spec: KindForm;
  open: boolean;
  recordId?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
  /**
   * A relative create (crm-records 4): form values from the parent record (a contract's customer
   * and contract), filled over the defaults and locked unless `locked` says otherwise.
   */
  preset?: Record<string, unknown>;
  /** Values shown but not editable; on a new record, the preset's by default. */
  locked?: readonly string[];
};

/**
 * The generic record form with a kind's layout declaration (issue 27): named sections in the
 * spec's order under a row of anchors, each value by its widget, checked with the kind's shared
 * save schema, field permissions applied as in the generic form. It opens at once (issue 26
 * item 6): the first sections paint with the drawer, the `later` ones mount a frame later with
 * their widgets from the kind's own chunk (scripts/shop-form-open.ts). One batch per opened
 * form, so a double click saves one record.
 */
export function LayoutForm({ kind, spec, open, recordId, onClose, onSaved, preset, locked }: LayoutFormProps) {
  const { layout, words } = spec;
  const t = spec.useWords();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const editing = recordId !== undefined;
  const source = spec.useSource(recordId, open);
  const [newBatch, setNewBatch] = useState(newBatchId);
  const batchId = (editing ? source.batchId : undefined) || newBatch;
  const [saving, setSaving] = useState(false);
  const [followUp, setFollowUp] = useState<{ then: string; id: number } | null>(null);
  // Field permissions of the user's roles on the kind's fixed fields (see crm/fields.ts).
  const level = useFieldLevels(kind.descriptor, open);
  // A kind reviewed on the approval engine saves a draft or submits for review (ReviewBlock.tsx).
  const review = useReviewBlock(kind.descriptor, form);
  const lockedNames = useMemo(
    () => new Set(locked ?? (editing ? [] : Object.keys(preset ?? {}))),
    [locked, editing, preset],
  );
  // The custom fields from the answer the levels read (one call): fixed ones are fieldType 1.
  const customQuery = useQuery({
    queryKey: ['crm', 'fields', kind.descriptor.label],
    queryFn: () => queryFields(kind.descriptor.label) as Promise<(FieldDefinition & { fieldType?: number })[]>,
    enabled: open && Boolean(layout.customFields),
    staleTime: 30_000,
    retry: false,
  });
  const custom = useMemo(
    () => (layout.customFields ? (customQuery.data ?? []).filter((f) => f.fieldType !== 1 && f.fieldName) : []),
    [layout.customFields, customQuery.data],
  );
  const ready = source.ready && (!layout.customFields || !customQuery.isPending);

  const sections = layout.sections.filter((s) => !s.onlyIf || source.flags[s.onlyIf]);
  const first = sections.filter((s) => !s.later);
  const rest = sections.filter((s) => s.later);
  // The later sections: asked for after the first paint, then mounted (they report it).
  const [later, setLater] = useState(false);
  const [laterMounted, setLaterMounted] = useState(false);
  const allMounted = rest.length === 0 || laterMounted;
  useEffect(() => {
    setLater(false);
    setLaterMounted(false);
    if (!open) return;
    // Two frames: the drawer and the first sections are painted before the rest is rendered;
    // a timer too, as a hidden tab or a starved headless browser may hold frames back.
    const show = () => startTransition(() => setLater(true));
    let second = 0;
    const firstFrame = requestAnimationFrame(() => {
      second = requestAnimationFrame(show);
    });
    const fallback = setTimeout(show, 100);
    return () => {
      cancelAnimationFrame(firstFrame);
      cancelAnimationFrame(second);
      clearTimeout(fallback);
    };
  }, [open]);
  const onLaterMounted = useCallback(() => setLaterMounted(true), []);

  // Fill the form once per opening, when what it shows has arrived (a later refetch must not
  // overwrite what the person typed).
  const filled = useRef<string | null>(null);
  useEffect(() => {
    const key = open && ready ? String(recordId ?? 'new') : null;
    if (key === null) {
      if (!open) filled.current = null;
      return;
    }
    if (filled.current === key) return;
    filled.current = key;
    setSaving(false);
    setFollowUp(null);
    if (!editing) setNewBatch(newBatchId());
    form.resetFields();
    form.setFieldsValue({
      ...(editing ? (source.values ?? spec.defaults()) : { ...spec.defaults(), ...preset }),
      custom: initialValues(custom, editing ? source.customValues : undefined),
    });
    if (!editing && preset) spec.onPreset?.(preset, form);
  }, [open, ready, recordId, editing, source.values, source.customValues, custom, spec, form, preset]);

  const fixedByName = useMemo(
    () => new Map<string, FixedField>(kind.descriptor.fixedFields.map((f) => [f.fieldName, f])),
    [kind.descriptor],
  );
  const rules = useMemo(() => zodRules(spec.schema([]), spec.toInput), [spec]);
  const items: ItemsContext = {
    widgets: spec.widgets,
    level,
    rules,
    flags: source.flags,
    locked: lockedNames,
    fixedOf: (name) => fixedByName.get(name),
    t,
    base: { form, t, editing, recordId, context: source.context, batchId },
  };

  const submit = async (then?: string, draft = false) => {
    // The whole form is checked, so not before every section is there (a frame or two).
    if (saving || !allMounted) return;
    // A field the user cannot fill is not required of them (the server keeps its stored value).
    const notFillable = kind.descriptor.fixedFields.map((f) => f.fieldName).filter((n) => level(n) !== 3);
    const parsed = await validateWithSchema(form, spec.schema(notFillable), spec.toInput, spec.fieldOf);
    if (!parsed) return;
    // A submission to a chosen flow without its approver is marked there, not sent.
    const reviewPart = review.reviewed ? review.part(draft) : undefined;
    if (reviewPart === null) return;
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    // Hidden fields are never sent (the server refuses them); a new record sends no read-only
    // one either, an edit sends those unchanged.
    const input = spec.toInput(values);
    const sent = Object.fromEntries(Object.entries(input).filter(([k]) => (editing ? level(k) !== 1 : level(k) === 3)));
    setSaving(true);
    let id: number;
    try {
      id = await spec.save({
        sent,
        values,
        editing,
        recordId,
        batchId,
        context: source.context,
        ...(custom.length ? { custom: collectFields(custom, (values.custom ?? {}) as Record<string, unknown>) } : {}),
        ...(reviewPart ? { review: reviewPart } : {}),
      });
    } catch {
      setSaving(false);
      if (words.failed) {
        message.error(t(words.failed));
        onClose();
      }
      // Otherwise the request layer showed the server's message and the form stays open.
      return;
    }
    message.success(t(editing ? words.saved.edit : words.saved.create));
    void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
    for (const key of spec.stale ?? []) void queryClient.invalidateQueries({ queryKey: key });
    if (then && spec.followUp) {
      setSaving(false);
      setFollowUp({ then, id });
      return;
    }
    onSaved(id);
    onClose();
  };

  const reset = () => form.setFieldsValue({ ...spec.defaults(), custom: initialValues(custom) });
  const footerProps: FooterProps = {
    submit: (then, draft) => void submit(then, draft),
    reset,
    onClose,
    saving,
    ready: allMounted && ready,
    editing,
    t,
    saveLabel: t(editing ? (words.save?.edit ?? words.edit) : (words.save?.create ?? words.create)),
    cancelLabel: t(words.cancel),
  };
  const Footer = spec.footer ?? (review.reviewed ? ReviewFooter : DefaultFooter);
  const Later = laterView(spec);
  const anchored = sections.length > 1;
  const done = () => {
    const id = followUp!.id;
    setFollowUp(null);
    onClose();
    onSaved(id);
  };

  return (
    <>
      {followUp && spec.followUp?.(followUp.then, followUp.id, done)}
      <Drawer
        open={open && followUp === null}
        size={layout.width ?? WIDTH}
        title={t(editing ? words.edit : words.create)}
        onClose={onClose}
        maskClosable={false}
        destroyOnHidden
        data-testid="record-form"
        footer={<Footer {...footerProps} />}
      >
        {source.failed ? (
          <Result status="warning" />
        ) : !ready ? (
          <Spin>
            <div style={{ height: 200 }} />
          </Spin>
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={spec.defaults()}
            className="layout-form"
            onValuesChange={spec.onValuesChange && ((changed) => spec.onValuesChange?.(changed, form))}
          >
            {anchored && (
              <SectionNav
                sections={sections}
                label={t(words.sections ?? 'sections')}
                title={t}
                mounted={(s: LayoutSection) => allMounted || !s.later}
              />
            )}
            {first.map((s) => (
              <LayoutSectionView key={s.key} section={s} items={items} titled={anchored} />
            ))}
            {rest.length > 0 && (
              <Suspense fallback={<Spin />}>
                {later && <Later sections={rest} items={items} onMounted={onLaterMounted} />}
              </Suspense>
            )}
            {custom.length > 0 && (
              <Suspense fallback={<Spin />}>
                <CustomFields fields={custom} title={t(words.customFields ?? 'customFields')} />
              </Suspense>
            )}
            {layout.attachments && kind.descriptor.features.attachments && (
              <Suspense fallback={<Spin />}>
                <Attachments batchId={batchId} title={t(words.attachments ?? 'attachments')} />
              </Suspense>
            )}
            {review.reviewed && (
              <Suspense fallback={<Spin />}>
                <ReviewSection flow={review.flow} />
              </Suspense>
            )}
          </Form>
        )}
      </Drawer>
    </>
  );
}

/** A reviewed kind's cancel, 保存草稿 and 提交审核 (ReviewBlock.tsx), on the right. */
function ReviewFooter({ submit, onClose, saving, ready, cancelLabel }: FooterProps) {
  return (
    <Space style={{ float: 'right' }}>
      <Button onClick={onClose}>{cancelLabel}</Button>
      <ReviewButtons saving={saving} disabled={!ready} onSave={(draft) => submit(undefined, draft)} />
    </Space>
  );
}

/** Cancel and save, on the right; save waits for every section. */
function DefaultFooter({ submit, onClose, saving, ready, saveLabel, cancelLabel }: FooterProps) {
  return (
    <Space style={{ float: 'right' }}>
      <Button onClick={onClose}>{cancelLabel}</Button>
      <Button type="primary" loading={saving} disabled={!ready} onClick={() => submit()} data-testid="record-save">
        {saveLabel}
      </Button>
    </Space>
  );
}
