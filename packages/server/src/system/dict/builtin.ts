import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dictItems, dictTypes } from './tables.ts';

/**
 * The dictionaries the approval forms read (approvals.md 7 and 9), with default entries: inserted
 * once when missing; administrators then maintain them in 系统字典.
 */
export const builtinDicts: { kind: 'dict' | 'code'; code: string; name: string; items: [string, string][] }[] = [
  {
    kind: 'dict',
    code: 'ownerShareholderType',
    name: '店家股东类型',
    items: [
      ['1', '非股东'],
      ['2', '店家股东'],
      ['3', '合伙人'],
    ],
  },
  {
    kind: 'dict',
    code: 'post',
    name: '岗位',
    items: [
      ['销售代表', '销售代表'],
      ['美容顾问', '美容顾问'],
      ['设计师', '设计师'],
      ['店长', '店长'],
      ['财务专员', '财务专员'],
      ['人事专员', '人事专员'],
    ],
  },
  {
    kind: 'dict',
    code: 'taskType',
    name: '加单任务类型',
    items: [
      ['1', '到店加单'],
      ['2', '上门服务'],
      ['3', '复诊回访'],
    ],
  },
  {
    kind: 'code',
    code: '1020',
    name: '计划需求物品',
    items: [
      ['1020001', '办公用品'],
      ['1020002', '耗材'],
      ['1020003', '仪器设备'],
      ['1020004', '宣传物料'],
    ],
  },
];

export async function ensureBuiltinDicts(db: Db): Promise<void> {
  for (const d of builtinDicts) {
    const [found] = await db
      .select({ id: dictTypes.id })
      .from(dictTypes)
      .where(and(eq(dictTypes.kind, d.kind), eq(dictTypes.code, d.code)))
      .limit(1);
    if (found) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dictTypes)
        .values({ kind: d.kind, code: d.code, name: d.name, builtin: true })
        .onConflictDoNothing()
        .returning({ id: dictTypes.id });
      if (!row) return;
      await tx.insert(dictItems).values(d.items.map(([value, name], sort) => ({ typeId: row.id, value, name, sort })));
    });
  }
}
