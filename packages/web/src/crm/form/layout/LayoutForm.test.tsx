import type { FormLayout, RecordKind } from '@crm/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldDef } from '@/test/crm-records';
import { fakeFetch, renderWithApp } from '@/workbench/examine/test-utils';
import { LayoutForm } from './LayoutForm';
import type { KindForm, SaveInput, WidgetProps } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A kind that exists only here: three fixed fields, two sections, two widgets of its own.
const fixed = (fieldName: string, name: string) => ({
  fieldName,
  name,
  nameEn: fieldName,
  formType: 'text',
  isNull: 0,
  isUnique: 0,
  maxLength: 10,
  column: { type: 'varchar' },
});
const fakeKind = {
  key: 'fake',
  label: 77,
  fixedFields: [fixed('title', '标题'), fixed('secret', '暗号'), fixed('level', '星级')],
} as unknown as RecordKind;

const layout: FormLayout = {
  sections: [
    {
      key: 'first',
      fields: [
        { field: 'title', required: true },
        { field: 'colour', widget: 'colour' },
        { field: 'secret' },
        { field: 'note', when: { field: 'colour', equals: 'red' } },
      ],
    },
    { key: 'second', later: true, fields: [{ field: 'level', widget: 'stars' }] },
  ],
};
const words: Record<string, string> = {
  first: '第一部分',
  second: '第二部分',
  title: '标题',
  colour: '颜色',
  secret: '暗号',
  note: '红色备注',
  level: '星级',
  create: '新建样例',
  edit: '编辑样例',
  cancel: '取消',
  save: '保存',
  saved: '已保存',
  sections: '表单分区',
};

type Input = { title: string; colour: string; secret: string; level: number; note: string };
const toInput = (v: Record<string, unknown>): Input => ({
  title: String(v.title ?? ''),
  colour: String(v.colour ?? ''),
  secret: String(v.secret ?? ''),
  level: Number(v.level ?? 0),
  note: String(v.note ?? ''),
});

function fakeForm(save: (input: SaveInput) => Promise<number>) {
  const schemaAsked: string[][] = [];
  const spec: KindForm = {
    layout,
    useWords: () => (key) => words[key] ?? key,
    widgets: {
      // The widget gets the form item's value and onChange; its label is the layout's.
      colour: ({ id, value, onChange, disabled }: WidgetProps) => (
        <button id={id} type="button" disabled={disabled} onClick={() => onChange?.('red')}>
          {`选色：${String(value ?? '')}`}
        </button>
      ),
    },
    laterWidgets: async () => ({
      default: {
        stars: ({ value, onChange }: WidgetProps) => (
          <button type="button" data-testid="stars" onClick={() => onChange?.(Number(value ?? 0) + 1)}>
            {`星${String(value ?? 0)}`}
          </button>
        ),
      },
    }),
    useSource: (recordId) =>
      recordId
        ? {
            ready: true,
            values: { title: '旧标题', secret: '芝麻', level: 2 },
            batchId: 'b-7',
            context: null,
            flags: {},
          }
        : { ready: true, context: null, flags: {} },
    defaults: () => ({ title: '', colour: '', secret: '', level: 0 }),
    schema: (notFillable) => {
      schemaAsked.push(notFillable);
      return {
        safeParse: (data: unknown) => {
          const d = data as Input;
          return d.title || notFillable.includes('title')
            ? { success: true as const, data: d }
            : { success: false as const, error: { issues: [{ path: ['title'], message: '请输入标题' }] } };
        },
      };
    },
    toInput,
    save,
    words: {
      create: 'create',
      edit: 'edit',
      save: { create: 'save', edit: 'save' },
      cancel: 'cancel',
      sections: 'sections',
      saved: { create: 'saved', edit: 'saved' },
    },
  };
  return { spec, schemaAsked };
}

const kind = { descriptor: fakeKind, prefix: 'Fake', path: 'fake', icon: null };
const saveButton = () => screen.getByTestId('record-save') as HTMLButtonElement;
const slow = { timeout: 20_000 };

describe('LayoutForm (a kind form from its layout declaration)', { timeout: 60_000 }, () => {
  it('paints the first section at once and the later one a frame after, under anchors to both', async () => {
    fakeFetch({});
    const { spec } = fakeForm(async () => 1);
    renderWithApp(<LayoutForm kind={kind} spec={spec} open onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByLabelText('标题')).toBeTruthy();
    expect(screen.getByText(/^选色：/)).toBeTruthy();
    expect(screen.queryByTestId('stars')).toBeNull();
    expect(saveButton().disabled).toBe(true);
    const nav = screen.getByTestId('form-sections');
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['第一部分', '第二部分']);
    expect(await screen.findByTestId('stars', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    // A value shown only while another equals something: the note under a red colour.
    expect(screen.queryByLabelText('红色备注')).toBeNull();
    fireEvent.click(screen.getByText(/^选色：/));
    expect(await screen.findByLabelText('红色备注')).toBeTruthy();
  });

  it('checks with the kind schema, then sends the values its widgets set', async () => {
    fakeFetch({});
    const save = vi.fn(async (_input: SaveInput) => 42);
    const onSaved = vi.fn();
    const { spec } = fakeForm(save);
    renderWithApp(<LayoutForm kind={kind} spec={spec} open onClose={() => {}} onSaved={onSaved} />);
    await screen.findByTestId('stars', undefined, slow);
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '新标题' } });
    fireEvent.click(screen.getByText(/^选色：/));
    fireEvent.click(screen.getByTestId('stars'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(save.mock.calls[0]![0]).toMatchObject({
      editing: false,
      sent: { title: '新标题', colour: 'red', secret: '', level: 1 },
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('applies field permissions: a hidden field is neither shown nor sent, a read-only one is disabled and not required', async () => {
    // field/queryField lists what the user may see: 暗号 is hidden, 标题 read-only.
    fakeFetch({
      '/field/queryField': [fieldDef('title', '标题', { authLevel: 2 }), fieldDef('level', '星级', { authLevel: 3 })],
    });
    const save = vi.fn(async (_input: SaveInput) => 7);
    const { spec, schemaAsked } = fakeForm(save);
    renderWithApp(<LayoutForm kind={kind} spec={spec} recordId={7} open onClose={() => {}} onSaved={() => {}} />);
    expect(await screen.findByText('编辑样例')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('暗号')).toBeNull());
    const title = screen.getByLabelText('标题') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('旧标题'));
    expect(title.disabled).toBe(true);
    await waitFor(() => expect(saveButton().disabled).toBe(false), slow);
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalled());
    const input = save.mock.calls[0]![0];
    // An edit sends the unchanged read-only value back, never the hidden one.
    expect(input).toMatchObject({ editing: true, recordId: 7, batchId: 'b-7', sent: { title: '旧标题', level: 2 } });
    expect('secret' in input.sent).toBe(false);
    expect(schemaAsked.at(-1)).toEqual(['title', 'secret']);
  });

  it('refuses a layout naming a widget the kind does not register', () => {
    fakeFetch({});
    const { spec } = fakeForm(async () => 1);
    const broken: KindForm = {
      ...spec,
      layout: { sections: [{ key: 'first', fields: [{ field: 'title', widget: 'missing' }] }] },
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderWithApp(<LayoutForm kind={kind} spec={broken} open onClose={() => {}} onSaved={() => {}} />),
    ).toThrow('form widget "missing" is not registered');
  });
});
