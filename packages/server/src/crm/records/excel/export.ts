import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { type FieldDefinition, formatTime, type RecordExportInput, type RecordRow } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { SessionUser } from '../../../auth/session.ts';
import { listSort, listWhere } from '../../../core/list/builder.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Tx } from '../../../db/client.ts';
import type { FieldAccess } from '../field-access.ts';
import type { ServerKind } from '../kind.ts';
import { recordQuery, recordView } from '../list.ts';
import type { KindRegistry } from '../registry.ts';
import { cellValue, exportColumns, namesFor } from './columns.ts';
import { loadExcel } from './lib.ts';
import { sendWorkbookHeaders } from './reply.ts';

/** Rows read and written per round trip: small enough that memory stays flat, large enough to be quick. */
export const EXPORT_BATCH = 1000;

const dir = (o: 'asc' | 'desc') => (o === 'asc' ? sql`asc` : sql`desc`);

/**
 * The ids of every row the list request selects, in the list's order (its sort keys, then the
 * id), with the list's own where-clause: the data scope, the scene, search and filters. Only
 * ids are held (8 bytes a row); the rows themselves are read a batch at a time.
 */
async function orderedIds(
  db: Tx,
  sk: ServerKind,
  custom: FieldDefinition[],
  user: SessionUser,
  input: RecordExportInput,
) {
  // Chosen records only (导出选中): still within the list's scope and scene.
  const chosen = input.ids?.length
    ? [sql`r.${sql.identifier(sk.idColumn)} = any(${`{${input.ids.join(',')}}`}::int[])`]
    : [];
  const { ids: _chosen, ...list } = input;
  const { def, req, access } = await recordQuery(db, sk, custom, user, list, chosen);
  const keys = listSort(def, req);
  const last = keys[keys.length - 1]!.order;
  const order = sql.join(
    [...keys.map((k) => sql`${k.field.sql} ${dir(k.order)}`), sql`${def.id} ${dir(last)}`],
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ${def.id} as id from ${def.from} where ${listWhere(def, { ...req, page: 1, limit: 1 })} order by ${order}`,
  );
  return { ids: Int32Array.from(rows, (r) => Number(r.id)), access };
}

/** One batch of wire rows by id, in the ids' order, with the list's own view (owner and creator names). */
async function rowsOf(db: Tx, sk: ServerKind, ids: Int32Array, access: FieldAccess): Promise<RecordRow[]> {
  const view = recordView(sk, access);
  const list: SQL = sql.join(
    Array.from(ids, (id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with page as (select t.id, t.ord from unnest(array[${list}]::bigint[]) with ordinality as t(id, ord))
        select ${view.columns} from page ${view.joins} order by page.ord`,
  );
  return rows.map(view.map);
}

/** Bytes of sheet XML the zip may have waiting before the next batch is read. */
const ZIP_BACKLOG = 1 << 20;

/**
 * exceljs's sheet stream writes into the zip entry without waiting for it (it ignores
 * backpressure), so a fast database would pile the whole sheet up in memory: wait for the entry
 * to drain before reading more rows. (Reaches into the writer's stream; if a later exceljs
 * changes it, this waits for nothing and the export still works.)
 */
async function zipCaughtUp(sheet: unknown) {
  const entry = (sheet as { stream?: { pipes?: NodeJS.EventEmitter[] } }).stream?.pipes?.[0] as
    | (NodeJS.EventEmitter & { _writableState?: { length: number } })
    | undefined;
  if (entry && (entry._writableState?.length ?? 0) > ZIP_BACKLOG) await once(entry, 'drain');
}

/** `样品导出_2026-11-23_10.30.xlsx` in the company's zone; the colon becomes a dot for file systems. */
export const exportFileName = (sk: ServerKind, now = new Date()) =>
  `${sk.kind.name}导出_${formatTime(now).slice(0, 16).replace(' ', '_').replace(':', '.')}.xlsx`;

/**
 * Stream the rows of a list request as one sheet: columns are the kind's fields then owner,
 * creator and times. The request is checked and its ids read before anything is sent, so a bad
 * filter answers the usual JSON refusal; after that rows go out a batch at a time through the
 * streaming writer (no shared strings, no styles), waiting whenever the client is slower.
 */
export async function exportRecords(
  db: Tx,
  kinds: KindRegistry,
  sk: ServerKind,
  custom: FieldDefinition[],
  user: SessionUser,
  input: RecordExportInput,
  reply: FastifyReply,
) {
  const ExcelJS = await loadExcel();
  const { ids, access } = await orderedIds(db, sk, custom, user, input);
  // A field hidden from the viewer's roles is not exported either.
  const columns = exportColumns(sk, custom, kinds).filter((c) => !access.hidden.has(c.key));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sk.kind.name);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: 18 }));

  const write = async () => {
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const rows = await rowsOf(db, sk, ids.subarray(start, start + EXPORT_BATCH), access);
      const names = await namesFor(db, columns, rows);
      for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c, row, names))).commit();
      await zipCaughtUp(sheet);
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  sendWorkbookHeaders(reply, exportFileName(sk));
  const sent = reply.send(out);
  write().catch((err) => {
    reply.log.error({ err }, 'excel export failed');
    out.destroy(err as Error);
  });
  return sent;
}
