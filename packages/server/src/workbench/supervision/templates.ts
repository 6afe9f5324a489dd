import {
  CheckMsg,
  type CheckTemplateDetail,
  type CheckTemplateListInput,
  type CheckTemplateRow,
  type CheckTemplateSaveInput,
} from '@crm/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { oaCheckTemplateItems, oaCheckTemplates } from './tables.ts';

type Row = Record<string, unknown>;

const columns = sql`t.template_id, t.name, t.remark, t.update_time, coalesce(u.realname, '') as creator_name,
  (select count(*)::int from oa_check_template_item i where i.template_id = t.template_id) as item_count,
  (select coalesce(sum(i.max_score), 0)::int from oa_check_template_item i where i.template_id = t.template_id) as total_score`;
const joins = sql`left join sys_user u on u.user_id = t.create_user_id`;

const toRow = (r: Row): CheckTemplateRow => ({
  templateId: Number(r.template_id),
  name: String(r.name),
  remark: String(r.remark),
  itemCount: Number(r.item_count),
  totalScore: Number(r.total_score),
  creatorName: String(r.creator_name),
  updateTime: r.update_time as string,
});

const templateList = defineList({
  from: sql`oa_check_template t`,
  id: sql`t.template_id`,
  fields: { updateTime: { sql: sql`t.update_time`, type: 'date' } },
  search: [sql`t.name`],
  defaultSort: [{ field: 'updateTime', order: 'desc' }],
  scope: { unscoped: 'checklist templates are the company’s; the route’s oa:check:manage is the gate' },
});

export function listTemplates(db: Db, user: SessionUser, input: CheckTemplateListInput) {
  return listPage<Row, CheckTemplateRow>(
    db,
    templateList,
    { user, page: input.page, limit: input.limit, search: input.search, where: [sql`not t.is_deleted`] },
    { columns, joins: sql`join oa_check_template t on t.template_id = page.id ${joins}`, map: toRow },
  );
}

/** A live template with its items in order. */
export async function templateDetail(db: Tx, templateId: number): Promise<CheckTemplateDetail> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from oa_check_template t ${joins} where t.template_id = ${templateId} and not t.is_deleted`,
  );
  if (!row) throw notFound(CheckMsg.templateNotFound);
  const items = await db
    .select()
    .from(oaCheckTemplateItems)
    .where(eq(oaCheckTemplateItems.templateId, templateId))
    .orderBy(oaCheckTemplateItems.position);
  return {
    ...toRow(row),
    items: items.map((i) => ({
      itemId: i.id,
      section: i.section,
      title: i.title,
      maxScore: i.maxScore,
      photoRequired: i.photoRequired,
    })),
  };
}

/**
 * Create or edit a template and replace its items, in one transaction. Plans copied their items
 * when they were made, so an edit changes only the plans made after it.
 */
export async function saveTemplate(db: Db, user: SessionUser, input: CheckTemplateSaveInput) {
  return db.transaction(async (tx) => {
    const id = input.templateId;
    if (id) {
      const [live] = await tx
        .select({ id: oaCheckTemplates.id })
        .from(oaCheckTemplates)
        .where(and(eq(oaCheckTemplates.id, id), eq(oaCheckTemplates.isDeleted, false)))
        .for('update');
      if (!live) throw notFound(CheckMsg.templateNotFound);
    }
    const [taken] = await tx
      .select({ id: oaCheckTemplates.id })
      .from(oaCheckTemplates)
      .where(
        and(
          eq(oaCheckTemplates.name, input.name),
          eq(oaCheckTemplates.isDeleted, false),
          id ? ne(oaCheckTemplates.id, id) : undefined,
        ),
      );
    if (taken) throw conflict(CheckMsg.templateNameTaken);
    let templateId = id;
    if (templateId) {
      await tx
        .update(oaCheckTemplates)
        .set({ name: input.name, remark: input.remark, updatedAt: new Date() })
        .where(eq(oaCheckTemplates.id, templateId));
      await tx.delete(oaCheckTemplateItems).where(eq(oaCheckTemplateItems.templateId, templateId));
    } else {
      const [row] = await tx
        .insert(oaCheckTemplates)
        .values({ name: input.name, remark: input.remark, createUserId: user.userId })
        .returning({ id: oaCheckTemplates.id });
      templateId = row!.id;
    }
    await tx
      .insert(oaCheckTemplateItems)
      .values(input.items.map((item, position) => ({ ...item, templateId: templateId!, position })));
    return { templateId: templateId! };
  });
}

/** Remove a template from use; the plans made from it keep their copy of its items. */
export async function deleteTemplate(db: Db, templateId: number) {
  const gone = await db
    .update(oaCheckTemplates)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(oaCheckTemplates.id, templateId), eq(oaCheckTemplates.isDeleted, false)))
    .returning({ id: oaCheckTemplates.id });
  if (!gone.length) throw notFound(CheckMsg.templateNotFound);
  return null;
}
