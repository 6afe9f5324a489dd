import { FilterOutlined, PlusOutlined, ReloadOutlined, SettingOutlined, TableOutlined } from '@ant-design/icons';
import { authHas, type CallField, type CallKind } from '@crm/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLang } from '@/i18n';
import { usePhone } from '@/shell/phone'; // Phone width (issue 26 item 7, h-phone)
import { phoneCardColumns } from '@/shell/phone-card'; // Phone width (issue 26 item 7, h-phone)
import { useSession } from '@/shell/session';
import { type FilterData, type ListBody, type RecordRow, recordApi, recordKeys } from '../api';
import { codeOf, labelOf, shownValue } from '../codes';
import { useKindFields } from '../fields';
import { preloadLaidOutForm } from '../form/layout/LaidOutForm';
import { RecordFormOverlay } from '../form/RecordFormOverlay';
import { useCrmMessages } from '../messages';
import { sceneName, useKindNames, wordIn } from '../names';
import { type CrmKind, kindCan } from '../types';
import { RecordValue } from '../values';
import { AdvancedFilter, type SceneDraft } from './AdvancedFilter';
import { BulkBar } from './BulkBar';
import { type ColumnSetting, ColumnSettings } from './ColumnSettings';
import './crm-list.css';
import { useCreateParam } from '@/shell/create-param';
// The call centre (issue 25, h-call).
import { CallButton } from '../call-centre/CallButton';
import { callableField } from '../call-centre/fields';
import { SceneManager } from './SceneManager';
import { searchedFieldNames } from './search-tips';

/** DECISIONS: CRM lists page by 15. */
export const CRM_PAGE_SIZE = 15;

type Sort = { field: string; order?: 'asc' | 'desc' };

/**
 * The list of one record kind: the user's scenes (the default one first), search, the advanced
 * filter, the user's columns (spec 3.8 defaults until they arrange their own), sorting on any
 * column, paging in SQL, bulk actions on the selected rows, and the kind's own toolbar and bulk
 * slots. `?create=1` (the quick-create) opens the create form once.
 */
/** The `filter` parameter as the advanced filter's value; anything unreadable is no filter. */
export function filterFromUrl(raw: string | null): FilterData {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FilterData) : {};
  } catch {
    return {};
  }
}

export function RecordListPage({ kind }: { kind: CrmKind }) {
  const d = kind.descriptor;
  const { lang } = useLang();
  const t = useCrmMessages();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, _setParams] = useSearchParams();
  const { auth } = useSession();
  const allowed = (action: string) => authHas(auth, kindCan(kind, action));
  const api = useMemo(
    () => recordApi(kind.prefix, { transfer: kind.descriptor.transferCall, save: kind.saveCall }),
    [kind.prefix, kind.descriptor.transferCall, kind.saveCall],
  );

  // A link may open the list on a scene (`?scene=<id>`: the workbench's CRM to-do tiles).
  const [sceneId, setSceneId] = useState<number | undefined>(() => {
    const id = Number(params.get('scene'));
    return params.get('scene') && Number.isInteger(id) ? id : undefined;
  });
  const [search, setSearch] = useState('');
  // A link may open the list filtered (`?filter=<json>`: the workbench's to-do tiles).
  const [filter, setFilter] = useState<FilterData>(() => filterFromUrl(params.get('filter')));
  const [sort, setSort] = useState<Sort>({ field: '' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(CRM_PAGE_SIZE);
  const [selected, setSelected] = useState<RecordRow[]>([]);
  const [dialog, setDialog] = useState<'filter' | 'scenes' | 'columns' | 'form' | null>(null);

  // The workbench quick-add (`?create=1`) opens the form once.
  useCreateParam(() => setDialog('form'));

  const sceneQuery = useQuery({ queryKey: recordKeys.scenes(kind.prefix), queryFn: api.scenes });
  const scenes = {
    isLoading: sceneQuery.isLoading,
    data: sceneQuery.data?.map((sc) => ({ ...sc, name: sceneName(lang, d, sc) })),
  };
  const headQuery = useQuery({ queryKey: recordKeys.head(kind.prefix), queryFn: api.listHead });
  // Fixed columns and system scenes by their declared names in the reader's language.
  const names = useKindNames(d);
  const head = {
    isLoading: headQuery.isLoading,
    data: headQuery.data?.map((c) => ({ ...c, name: names.column(c.key, c.name) })),
  };
  const fields = useKindFields(kind);
  const allFields = useMemo(() => [...(fields.data?.fixed ?? []), ...(fields.data?.custom ?? [])], [fields.data]);

  const listBody: ListBody = {
    page,
    limit,
    search,
    // Until the user picks one, the server applies their default scene.
    ...(sceneId === undefined ? {} : { sceneId }),
    sortField: sort.field,
    ...(sort.order ? { order: sort.order } : {}),
    data: filter,
  };
  const list = useQuery({
    queryKey: recordKeys.list(kind.prefix, listBody),
    queryFn: () => api.list(listBody),
    placeholderData: keepPreviousData,
  });
  const shownScene = sceneId ?? scenes.data?.find((s) => s.isDefault === 1)?.sceneId;

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
  };
  const reset = () => {
    setPage(1);
    setSelected([]);
  };

  const applyFilter = async (data: FilterData, scene?: SceneDraft) => {
    if (scene) {
      const saved = await api.saveScene({ name: scene.name, data, isDefault: scene.isDefault ? 1 : 0 });
      await queryClient.invalidateQueries({ queryKey: recordKeys.scenes(kind.prefix) });
      setSceneId(saved.id);
      setFilter({});
    } else {
      setFilter(data);
    }
    reset();
    setDialog(null);
  };

  const saveColumns = async (columns: ColumnSetting[]) => {
    await api.setListHead(columns);
    message.success(t('done'));
    await queryClient.invalidateQueries({ queryKey: recordKeys.head(kind.prefix) });
    setDialog(null);
  };

  const nameOf = (r: RecordRow) => String(r[d.nameField] ?? '') || `#${r[d.idField]}`;
  const columns: TableColumnsType<RecordRow> = (head.data ?? [])
    .filter((c) => !c.hidden)
    .map((c) => {
      const field = allFields.find((f) => f.fieldName === c.key);
      return {
        key: c.key,
        dataIndex: c.key,
        title: c.name,
        width: c.width ?? (c.key === d.nameField ? 180 : 140),
        ellipsis: true,
        sorter: true,
        sortOrder: sort.field === c.key && sort.order ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
        render: (_value: unknown, r: RecordRow) =>
          c.key === d.nameField ? (
            <Link
              to={`/crm/${kind.path}/${r[d.idField]}`}
              data-testid="record-link"
              onClick={(e) => e.stopPropagation()}
            >
              {nameOf(r)}
            </Link>
          ) : callableField(d.key, c.key) && shownValue(kind, r, c.key) ? (
            // The call centre (issue 25, h-call): a phone icon beside a shown number.
            <span className="crm-call-cell">
              <RecordValue column={c} field={field} value={shownValue(kind, r, c.key)} yes={t('yes')} no={t('no')} />
              <CallButton kind={d.key as CallKind} id={Number(r[d.idField])} field={c.key as CallField} />
            </span>
          ) : (
            <RecordValue
              column={c}
              field={field}
              value={wordIn(lang, shownValue(kind, r, c.key))}
              yes={t('yes')}
              no={t('no')}
            />
          ),
      };
    });

  // Phone width (issue 26 item 7, h-phone): each record a card of its name and the next columns; no bulk selection.
  const phone = usePhone();

  const filterCount = Object.keys(filter).length;
  // Once the list is shown and the browser idle, fetch the kind's own form code, so 新建 opens at once.
  const mayCreate = allowed('save');
  useEffect(() => {
    if (!mayCreate || !kind.form) return;
    const preload = () => preloadLaidOutForm(kind);
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(preload);
    return () => cancel(handle);
  }, [mayCreate, kind]);

  return (
    <Card
      className="crm-list"
      title={names.name}
      extra={
        <Space wrap>
          {kind.toolbarExtra?.({ kind, listBody, refresh })}
          {allowed('save') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog('form')}
              data-testid="record-create"
            >
              {t('create', { name: names.name })}
            </Button>
          )}
        </Space>
      }
    >
      <div className="crm-list__toolbar">
        <Space wrap>
          <Select
            aria-label={t('scene')}
            data-testid="scene-select"
            style={{ width: 160 }}
            value={shownScene}
            loading={scenes.isLoading}
            options={(scenes.data ?? []).map((s) => ({ value: s.sceneId, label: s.name }))}
            onChange={(v) => {
              setSceneId(v);
              reset();
            }}
          />
          <Tooltip title={t('sceneManage')}>
            <Button icon={<SettingOutlined />} aria-label={t('sceneManage')} onClick={() => setDialog('scenes')} />
          </Tooltip>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={t('searchTips', { fields: searchedFieldNames(d, lang).join(lang === 'en' ? ', ' : '/') })}
            onSearch={(v) => {
              setSearch(v.trim());
              reset();
            }}
          />
          <Button icon={<FilterOutlined />} onClick={() => setDialog('filter')} data-testid="filter-open">
            {t('filter')}
          </Button>
          {filterCount > 0 && (
            <Tag
              closable
              color="blue"
              onClose={() => {
                setFilter({});
                reset();
              }}
            >
              {t('filterActive', { n: filterCount })}
            </Tag>
          )}
        </Space>
        <Space>
          <Tooltip title={t('columns')}>
            <Button
              icon={<TableOutlined />}
              aria-label={t('columns')}
              onClick={() => setDialog('columns')}
              disabled={!head.data}
            />
          </Tooltip>
          <Tooltip title={t('refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={refresh} />
          </Tooltip>
        </Space>
      </div>
      {selected.length > 0 && <BulkBar kind={kind} api={api} rows={selected} onDone={refresh} />}
      <Table<RecordRow>
        rowKey={(r) => String(r[d.idField])}
        size="middle"
        columns={phone ? phoneCardColumns(columns, d.nameField) : columns}
        showHeader={!phone}
        tableLayout={phone ? 'fixed' : undefined}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching || head.isLoading}
        scroll={phone ? undefined : { x: 'max-content' }}
        rowSelection={
          phone
            ? undefined
            : {
                selectedRowKeys: selected.map((r) => String(r[d.idField])),
                onChange: (_, rows) => setSelected(rows),
                preserveSelectedRowKeys: false,
              }
        }
        onRow={(r) =>
          ({
            'data-testid': 'record-row',
            onDoubleClick: () => navigate(`/crm/${kind.path}/${r[d.idField]}`),
          }) as object
        }
        onChange={(_, __, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<RecordRow> | undefined;
          const order = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined;
          const field = order && s?.columnKey ? String(s.columnKey) : '';
          if (field !== sort.field || order !== sort.order) {
            setSort({ field, order });
            setPage(1);
          }
        }}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.totalRow ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [15, 30, 50, 100],
          showTotal: (n) => t('total', { n }),
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
      />
      {dialog === 'filter' && head.data && (
        <AdvancedFilter
          open
          columns={head.data}
          fields={allFields}
          encode={(field, v) => codeOf(kind, field, v)}
          decode={(field, v) => labelOf(kind, field, v)}
          value={filter}
          onClose={() => setDialog(null)}
          onApply={applyFilter}
        />
      )}
      {dialog === 'scenes' && (
        <SceneManager
          open
          scenes={scenes.data ?? []}
          onClose={() => setDialog(null)}
          onSetDefault={async (s) => {
            await api.setDefaultScene(s.sceneId);
            message.success(t('done'));
            await queryClient.invalidateQueries({ queryKey: recordKeys.scenes(kind.prefix) });
          }}
          onDelete={async (s) => {
            await api.deleteScene(s.sceneId);
            message.success(t('deleted'));
            if (sceneId === s.sceneId) setSceneId(undefined);
            await queryClient.invalidateQueries({ queryKey: recordKeys.kind(kind.prefix) });
          }}
        />
      )}
      {dialog === 'columns' && head.data && (
        <ColumnSettings open columns={head.data} onClose={() => setDialog(null)} onSave={saveColumns} />
      )}
      {dialog === 'form' && (
        <RecordFormOverlay
          kind={kind}
          open
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
