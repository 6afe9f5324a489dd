import type { OrderCatalogue, OrderProjectsInput } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { queryRows } from '../../../core/sql.ts';
import type { Db } from '../../../db/client.ts';
import { classTree } from '../../catalogue/classes.ts';
import { partTree } from '../../catalogue/parts.ts';
import { queryProjects } from '../../catalogue/projects.ts';

/**
 * The catalogue as the order form offers it. Whoever opens orders picks projects, though the
 * 配置 pages' reads (`project:index:read`) belong to whoever configures them; these calls answer
 * from the same services, enabled projects only (a disabled one cannot be ordered).
 */
export async function orderCatalogue(db: Db): Promise<OrderCatalogue> {
  const [classes, parts, depts] = await Promise.all([
    classTree(db),
    partTree(db),
    queryRows<{ dept_id: number; name: string }>(db, sql`select dept_id, name from sys_dept order by sort, dept_id`),
  ]);
  return {
    classes: pruneDisabled(classes),
    parts,
    depts: depts.map((d) => ({ deptId: Number(d.dept_id), name: d.name })),
  };
}

/** A disabled class and its subclasses are not offered. */
function pruneDisabled<T extends { enabled: boolean; children: T[] }>(nodes: T[]): T[] {
  return nodes.filter((n) => n.enabled).map((n) => ({ ...n, children: pruneDisabled(n.children) }));
}

export const orderProjects = (db: Db, user: SessionUser, input: OrderProjectsInput) =>
  queryProjects(db, user, { ...input, enabled: true, sortField: '', order: undefined });
