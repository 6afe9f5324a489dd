import {
  type ListFilter,
  RecordMsg,
  type Scene,
  type saveSceneSchema,
  type setListHeadSchema,
  systemSceneIds,
  systemSceneOfId,
} from '@crm/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import type { ServerKind } from './kind.ts';
import { type ListColumnSetting, type ListSceneSetting, listSettings, scenes } from './tables.ts';

/** Scenes of a kind's list: the descriptor's system scenes and the user's saved ones. */

type SceneRow = typeof scenes.$inferSelect;

export async function findScene(db: Tx, sk: ServerKind, user: SessionUser, sceneId: number) {
  const [row] = await db
    .select()
    .from(scenes)
    .where(and(eq(scenes.id, sceneId), eq(scenes.label, sk.kind.label), eq(scenes.userId, user.userId)));
  return row;
}

export async function userListSetting(db: Tx, sk: ServerKind, user: SessionUser) {
  const [row] = await db
    .select()
    .from(listSettings)
    .where(and(eq(listSettings.label, sk.kind.label), eq(listSettings.userId, user.userId)));
  return row;
}

async function setDefault(db: Tx, sk: ServerKind, user: SessionUser, sceneId: number | null) {
  const value = sceneId === null ? null : String(sceneId);
  await db
    .insert(listSettings)
    .values({ label: sk.kind.label, userId: user.userId, defaultScene: value })
    .onConflictDoUpdate({
      target: [listSettings.label, listSettings.userId],
      set: { defaultScene: value, updatedAt: new Date() },
    });
}

/** The filter object a saved scene keeps, as the list builder's filters (the form reads it back). */
const toFilters = (data: z.infer<typeof saveSceneSchema>['data']): ListFilter[] =>
  Object.entries(data).map(([field, f]) => ({ field, condition: f.condition, value: f.value }));
const toData = (filters: ListFilter[]) =>
  Object.fromEntries(filters.map((f) => [f.field, { condition: f.condition, value: f.value }]));

/**
 * Every scene of the kind for the user, in the user's order (场景设置: system scenes first, then
 * saved ones, until they arrange them), split into those the scene picker shows and those they
 * hid; a scene the arrangement does not name yet (newly saved) shows, last. Exactly one shown
 * scene is the default.
 */
export async function arrangedScenes(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
): Promise<{ shown: Scene[]; hidden: Scene[] }> {
  const [saved, setting] = await Promise.all([
    db
      .select()
      .from(scenes)
      .where(and(eq(scenes.label, sk.kind.label), eq(scenes.userId, user.userId)))
      .orderBy(asc(scenes.sort), asc(scenes.id)),
    userListSetting(db, sk, user),
  ]);
  const chosen = Number(setting?.defaultScene ?? systemSceneIds.all);
  const all: Scene[] = [
    ...sk.kind.systemScenes.map((s) => ({
      sceneId: systemSceneIds[s.key],
      name: s.name,
      isDefault: 0 as const,
      isSystem: true,
      data: {},
    })),
    ...saved.map((s: SceneRow) => ({
      sceneId: s.id,
      name: s.name,
      isDefault: 0 as const,
      isSystem: false,
      data: toData(s.filters),
    })),
  ];
  const place = new Map((setting?.scenes ?? []).map((a, i) => [a.sceneId, { i, hidden: a.hidden }]));
  const rank = (s: Scene) => place.get(s.sceneId)?.i ?? Number.MAX_SAFE_INTEGER;
  const ordered = all.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i);
  const shown = ordered.filter(({ s }) => !place.get(s.sceneId)?.hidden).map(({ s }) => s);
  const hidden = ordered.filter(({ s }) => place.get(s.sceneId)?.hidden).map(({ s }) => s);
  const def = shown.find((s) => s.sceneId === chosen) ?? shown[0];
  return { shown: shown.map((s) => (s === def ? { ...s, isDefault: 1 as const } : s)), hidden };
}

/** The scene picker's scenes: the shown ones in the user's order; exactly one is the default. */
export async function listScenes(db: Tx, sk: ServerKind, user: SessionUser): Promise<Scene[]> {
  return (await arrangedScenes(db, sk, user)).shown;
}

/**
 * Save the user's scene order and which scenes hide (场景设置): every scene of theirs named once,
 * at least one shown; a hidden default gives way to 全部 (or the first shown scene, 全部 hidden too).
 */
export async function arrangeScenes(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: { shown: number[]; hidden: number[] },
) {
  await db.transaction(async (tx) => {
    const { shown, hidden } = await arrangedScenes(tx, sk, user);
    const known = new Set([...shown, ...hidden].map((s) => s.sceneId));
    const named = [...input.shown, ...input.hidden];
    if (named.some((id) => !known.has(id)) || new Set(named).size !== named.length || named.length !== known.size)
      throw badRequest(RecordMsg.scenesInvalid);
    if (input.shown.length === 0) throw badRequest(RecordMsg.sceneShownRequired);
    const arrangement: ListSceneSetting[] = [
      ...input.shown.map((sceneId) => ({ sceneId, hidden: false })),
      ...input.hidden.map((sceneId) => ({ sceneId, hidden: true })),
    ];
    const setting = await userListSetting(tx, sk, user);
    const keepDefault = setting?.defaultScene && input.shown.includes(Number(setting.defaultScene));
    const defaultScene = keepDefault ? setting.defaultScene : null;
    await tx
      .insert(listSettings)
      .values({ label: sk.kind.label, userId: user.userId, scenes: arrangement, defaultScene })
      .onConflictDoUpdate({
        target: [listSettings.label, listSettings.userId],
        set: { scenes: arrangement, defaultScene, updatedAt: new Date() },
      });
  });
}

/** Create or rename/refilter a saved scene; a name is unique per user and kind. */
export async function saveScene(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  input: z.infer<typeof saveSceneSchema>,
): Promise<number> {
  const systemNames = new Set(sk.kind.systemScenes.map((s) => s.name));
  if (systemNames.has(input.name)) throw conflict(RecordMsg.sceneNameTaken);
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: scenes.id })
      .from(scenes)
      .where(and(eq(scenes.label, sk.kind.label), eq(scenes.userId, user.userId), eq(scenes.name, input.name)));
    if (same && same.id !== input.sceneId) throw conflict(RecordMsg.sceneNameTaken);
    let id = input.sceneId;
    if (id !== undefined) {
      if (systemSceneOfId(id)) throw badRequest(RecordMsg.systemScene);
      if (!(await findScene(tx, sk, user, id))) throw notFound(RecordMsg.sceneNotFound);
      await tx
        .update(scenes)
        .set({ name: input.name, filters: toFilters(input.data), updatedAt: new Date() })
        .where(eq(scenes.id, id));
    } else {
      const [row] = await tx
        .insert(scenes)
        .values({ label: sk.kind.label, userId: user.userId, name: input.name, filters: toFilters(input.data) })
        .returning({ id: scenes.id });
      id = row!.id;
    }
    if (input.isDefault === 1) await setDefault(tx, sk, user, id);
    return id;
  });
}

export async function deleteScene(db: Tx, sk: ServerKind, user: SessionUser, sceneId: number) {
  if (systemSceneOfId(sceneId)) throw badRequest(RecordMsg.systemScene);
  await db.transaction(async (tx) => {
    if (!(await findScene(tx, sk, user, sceneId))) throw notFound(RecordMsg.sceneNotFound);
    await tx.delete(scenes).where(eq(scenes.id, sceneId));
    // The list opens with 全部 again when its default scene goes.
    const setting = await userListSetting(tx, sk, user);
    if (setting?.defaultScene === String(sceneId)) await setDefault(tx, sk, user, null);
  });
}

/** Make a system or saved scene the one the list opens with. */
export async function setDefaultScene(db: Tx, sk: ServerKind, user: SessionUser, sceneId: number) {
  const system = systemSceneOfId(sceneId);
  if (system ? !sk.kind.systemScenes.some((s) => s.key === system) : !(await findScene(db, sk, user, sceneId)))
    throw notFound(RecordMsg.sceneNotFound);
  await setDefault(db, sk, user, sceneId);
}

/** Save the user's column order, widths and hidden columns; unknown keys are refused. */
export async function saveColumns(
  db: Tx,
  sk: ServerKind,
  user: SessionUser,
  known: Set<string>,
  input: z.infer<typeof setListHeadSchema>,
) {
  const keys = input.columns.map((c) => c.key);
  if (keys.some((k) => !known.has(k)) || new Set(keys).size !== keys.length) throw badRequest(RecordMsg.columnsInvalid);
  const columns: ListColumnSetting[] = input.columns;
  await db
    .insert(listSettings)
    .values({ label: sk.kind.label, userId: user.userId, columns })
    .onConflictDoUpdate({ target: [listSettings.label, listSettings.userId], set: { columns, updatedAt: new Date() } });
}
