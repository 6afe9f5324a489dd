import { pinyinSearchKey } from '@crm/shared/pinyin';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';

/** The demo catalogue (README "Demo data"): classes, body parts, ~30 projects, two conversion classes. */

/** Body parts: top-level part → its children. */
const demoParts: [string, string[]][] = [
  ['面部', ['额头', '眼周', '鼻部', '面颊', '唇部', '下颌']],
  ['颈部', []],
  ['身体', ['腋下', '手臂', '腹部', '背部', '腿部']],
];

/** [name, unit, 原价, 执行价, 最低价, 成本 (yuan), sessions, validity months, parts, flags]. */
type DemoProject = [string, string, number, number, number, number, number, number, string[], { trial?: boolean }?];

/** Top class → [subclass or '' for projects directly in it, projects]. */
const demoCatalogue: [string, [string, DemoProject[]][]][] = [
  [
    '注射美容',
    [
      [
        '玻尿酸',
        [
          ['瑞蓝玻尿酸填充', '支', 6800, 5800, 4800, 1800, 1, 12, ['鼻部', '唇部']],
          ['乔雅登丰颜', '支', 12800, 10800, 9800, 4200, 1, 12, ['面颊', '下颌']],
          ['润百颜玻尿酸', '支', 3800, 2980, 2500, 900, 1, 12, ['额头', '面颊']],
        ],
      ],
      [
        '肉毒素',
        [
          ['保妥适除皱', '次', 4800, 3980, 3200, 1200, 1, 6, ['额头', '眼周']],
          ['瘦脸针', '次', 3980, 2980, 2600, 900, 1, 6, ['下颌']],
        ],
      ],
      [
        '水光',
        [
          ['水光针', '次', 1980, 1280, 980, 300, 3, 12, ['面颊']],
          ['嗨体颈纹', '次', 3800, 2980, 2600, 800, 2, 12, ['颈部']],
        ],
      ],
    ],
  ],
  [
    '光电美肤',
    [
      [
        '',
        [
          ['光子嫩肤', '次', 1280, 880, 680, 120, 5, 12, ['面颊']],
          ['热玛吉', '次', 19800, 16800, 15000, 5200, 1, 12, ['面颊', '眼周']],
          ['超声刀', '次', 12800, 9800, 8800, 2600, 1, 12, ['面颊', '下颌']],
          ['皮秒祛斑', '次', 2980, 2380, 1980, 260, 3, 12, ['面颊']],
          ['激光脱毛（腋下）', '次', 980, 680, 500, 60, 6, 24, ['腋下']],
          ['点阵激光', '次', 1680, 1280, 1000, 150, 3, 12, ['面颊', '额头']],
        ],
      ],
    ],
  ],
  [
    '皮肤管理',
    [
      [
        '',
        [
          ['小气泡清洁', '次', 2980, 1980, 1580, 300, 10, 12, ['面颊']],
          ['补水导入', '次', 398, 298, 258, 40, 1, 6, ['面颊']],
          ['祛痘护理', '次', 580, 480, 380, 60, 5, 12, ['面颊', '额头']],
          ['黑头净化', '次', 298, 238, 198, 30, 1, 6, ['鼻部']],
        ],
      ],
    ],
  ],
  [
    '手术整形',
    [
      [
        '眼部',
        [
          ['全切双眼皮', '次', 12800, 9800, 8800, 2000, 1, 0, ['眼周']],
          ['内切祛眼袋', '次', 8800, 6800, 5800, 1500, 1, 0, ['眼周']],
          ['开眼角', '次', 6800, 5800, 4800, 1200, 1, 0, ['眼周']],
        ],
      ],
      [
        '鼻部',
        [
          ['综合隆鼻', '次', 28000, 23800, 20000, 6000, 1, 0, ['鼻部']],
          ['假体隆鼻', '次', 12800, 9800, 8800, 2500, 1, 0, ['鼻部']],
          ['鼻综合修复', '次', 29800, 26800, 23000, 7000, 1, 0, ['鼻部']],
        ],
      ],
    ],
  ],
  [
    '生活美容',
    [
      [
        '',
        [
          ['面部深层护理', '次', 380, 298, 228, 50, 10, 12, ['面颊']],
          ['肩颈舒缓SPA', '次', 298, 268, 198, 40, 1, 6, ['颈部', '背部']],
          ['精油开背', '次', 398, 328, 268, 50, 1, 6, ['背部']],
          ['头皮养护', '次', 268, 198, 168, 30, 1, 6, []],
          ['腹部塑形护理', '次', 680, 580, 480, 80, 6, 12, ['腹部']],
          // A 拓客 trial: sold at a token price, no deal, no performance, no points.
          ['面部刮痧体验', '次', 99, 19.9, 9.9, 5, 1, 1, ['面颊'], { trial: true }],
        ],
      ],
    ],
  ],
];

/** Conversion classes: name, remark, projects. */
const demoConvert: [string, string, string[]][] = [
  ['光电疗程互转', '光电类疗程的剩余次数可转为同类项目', ['光子嫩肤', '皮秒祛斑', '点阵激光', '激光脱毛（腋下）']],
  ['皮肤管理互转', '皮肤管理与生活美容的剩余次数互转', ['小气泡清洁', '补水导入', '祛痘护理', '面部深层护理']],
];

const fen = (yuan: number) => Math.round(yuan * 100);

/**
 * Seed the demo catalogue; answers the top-level classes' ids and every project's id, in order
 * (the shop seed links its shops to them).
 */
export async function seedCatalogueDemo(tx: Tx): Promise<{ classIds: number[]; projectIds: number[] }> {
  const partIds = new Map<string, number>();
  for (const [i, [name, children]] of demoParts.entries()) {
    const [top] = await queryRows<{ part_id: number }>(
      tx,
      sql`insert into crm_body_part (name, sort) values (${name}, ${i}) returning part_id`,
    );
    partIds.set(name, Number(top!.part_id));
    for (const [j, child] of children.entries()) {
      const [row] = await queryRows<{ part_id: number }>(
        tx,
        sql`insert into crm_body_part (name, pid, sort) values (${child}, ${top!.part_id}, ${j}) returning part_id`,
      );
      partIds.set(child, Number(row!.part_id));
    }
  }
  const addClass = async (name: string, pid: number | null, sort: number) => {
    const [row] = await queryRows<{ class_id: number }>(
      tx,
      sql`insert into crm_project_class (class_name, pid, sort) values (${name}, ${pid}, ${sort}) returning class_id`,
    );
    return Number(row!.class_id);
  };
  const classIds: number[] = [];
  const projectIds: number[] = [];
  const projectByName = new Map<string, number>();
  for (const [i, [top, groups]] of demoCatalogue.entries()) {
    const topId = await addClass(top, null, i);
    classIds.push(topId);
    for (const [j, [sub, list]] of groups.entries()) {
      const classId = sub ? await addClass(sub, topId, j) : topId;
      for (const [k, [name, unit, price, sales, min, cost, sessions, months, parts, flags]] of list.entries()) {
        const trial = flags?.trial === true;
        const [row] = await queryRows<{ project_id: number }>(
          tx,
          sql`insert into crm_project (class_id, project_name, code, pinyin, unit, price, sales_price, min_price, cost,
                sessions, validity_months, counts_as_deal, earns_performance, earns_points, sort)
              values (${classId}, ${name}, ${`XM${String(projectIds.length + 1).padStart(5, '0')}`},
                ${pinyinSearchKey(name)}, ${unit}, ${fen(price)}::numeric / 100, ${fen(sales)}::numeric / 100,
                ${fen(min)}::numeric / 100, ${fen(cost)}::numeric / 100, ${sessions}, ${months},
                ${!trial}, ${!trial}, ${!trial}, ${k})
              returning project_id`,
        );
        const id = Number(row!.project_id);
        projectIds.push(id);
        projectByName.set(name, id);
        for (const part of parts)
          await tx.execute(
            sql`insert into crm_project_part (project_id, part_id) values (${id}, ${partIds.get(part)!})`,
          );
      }
    }
  }
  for (const [name, remark, members] of demoConvert) {
    const [row] = await queryRows<{ convert_class_id: number }>(
      tx,
      sql`insert into crm_project_convert_class (name, remark) values (${name}, ${remark}) returning convert_class_id`,
    );
    for (const member of members)
      await tx.execute(
        sql`update crm_project set convert_class_id = ${row!.convert_class_id} where project_id = ${projectByName.get(member)!}`,
      );
  }
  return { classIds, projectIds };
}

/** At each start: projects stored before the catalogue (or by SQL) get their pinyin search key. */
export async function ensureCatalogueData(db: Db) {
  const rows = await queryRows<{ project_id: number; project_name: string }>(
    db,
    sql`select project_id, project_name from crm_project where pinyin = '' limit 5000`,
  );
  for (const r of rows)
    await db.execute(
      sql`update crm_project set pinyin = ${pinyinSearchKey(r.project_name)} where project_id = ${r.project_id}`,
    );
}
