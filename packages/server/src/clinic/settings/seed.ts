import { fenToYuan, type SettingsKind, saveSchemaOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';
import { settingsBindings } from './bindings.ts';
import { saveRow } from './engine.ts';

type Ids = { user: Map<string, number>; dept: Map<string, number>; role: Map<string, number> };

/**
 * The demo clinic's settings (demo only), saved through the settings service like any save: tags,
 * two doctors, three top-up tiers, three set meals, discount floors for 顾问 and 销售经理, a
 * department's staff and pools, a walk-in rotation.
 */
export async function seedClinicSettingsDemo(tx: Tx, ids: Ids): Promise<void> {
  const projectRows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select project_id as id, project_name as name from crm_project`,
  );
  const project = (name: string) => {
    const found = projectRows.find((p) => p.name === name);
    if (!found) throw new Error(`the demo catalogue has no project named ${name}`);
    return found.id;
  };
  const user = (u: string) => ids.user.get(u)!;
  const save = async (kind: SettingsKind, body: object) => {
    const binding = settingsBindings.find((b) => b.kind === kind)!;
    return saveRow(tx, binding, saveSchemaOf(kind).parse(body) as never);
  };
  const kind = (name: string) => settingsBindings.find((b) => b.kind.name === name)!.kind;

  for (const [i, [name, color, groupName]] of [
    ['VIP', 'gold', '会员'],
    ['敏感肌', 'magenta', '肤质'],
    ['高消费', 'red', '消费'],
    ['新客', 'green', '来源'],
  ].entries())
    await save(kind('tag'), { name, color, groupName, sort: i });

  await save(kind('doctor'), {
    userId: user('wangzong'),
    title: '主任医师',
    deptId: ids.dept.get('总经办'),
    profile: '从事医疗美容临床工作二十年，擅长面部年轻化与微整形。',
    projects: [{ projectId: project('瑞蓝玻尿酸填充') }, { projectId: project('保妥适除皱') }],
    sort: 1,
  });
  await save(kind('doctor'), {
    userId: user('hexue'),
    title: '主治医师',
    deptId: ids.dept.get('客服部'),
    profile: '擅长光电类皮肤治疗与敏感肌修复。',
    projects: [{ projectId: project('光子嫩肤') }, { projectId: project('水光针') }],
    sort: 2,
  });

  const mealIds = new Map<string, number>();
  for (const [i, [name, items]] of (
    [
      [
        '水光焕肤套餐',
        [
          ['水光针', 3, 2400_00],
          ['小气泡清洁', 3, 600_00],
        ],
      ],
      [
        '抗衰紧致套餐',
        [
          ['热玛吉', 1, 12800_00],
          ['超声刀', 1, 6800_00],
        ],
      ],
      [
        '微整体验套餐',
        [
          ['瑞蓝玻尿酸填充', 1, 3980_00],
          ['保妥适除皱', 1, 2980_00],
        ],
      ],
    ] as [string, [string, number, number][]][]
  ).entries())
    mealIds.set(
      name,
      await save(kind('setMeal'), {
        name,
        splittable: i !== 1,
        priceEditable: i === 2,
        sort: i,
        items: items.map(([p, sessions, price]) => ({ projectId: project(p), sessions, price: fenToYuan(price) })),
      }),
    );

  await save(kind('recharge'), { name: '充1000送100', threshold: '1000', gift: '100', sort: 1 });
  await save(kind('recharge'), { name: '充5000送800', threshold: '5000', gift: '800', sort: 2 });
  await save(kind('recharge'), {
    name: '充10000送2000及水光焕肤套餐',
    threshold: '10000',
    gift: '2000',
    sort: 3,
    items: [{ setMealId: mealIds.get('水光焕肤套餐'), sessions: 1 }],
  });

  await save(kind('discount'), { roleId: ids.role.get('顾问'), minRate: 80, sort: 1 });
  await save(kind('discount'), { roleId: ids.role.get('销售经理'), minRate: 70, sort: 2 });

  await save(kind('deptOperator'), {
    deptId: ids.dept.get('客服部'),
    members: [
      { userId: user('hexue'), role: 'doctor' },
      { userId: user('yangfan'), role: 'nurse' },
      // Nurses' station (h-nurse): the demo nurse.
      { userId: user('wangjing'), role: 'nurse' },
      { userId: user('zhoujie'), role: 'assistant' },
    ],
    pools: [
      { role: 'doctor', percent: 60 },
      { role: 'nurse', percent: 30 },
      { role: 'assistant', percent: 10 },
    ],
  });
  await save(kind('rotation'), {
    deptId: ids.dept.get('销售一部'),
    remark: '散客按顺序轮流接待',
    members: [{ userId: user('sunli') }, { userId: user('zhoujie') }],
  });
}
