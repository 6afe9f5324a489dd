import { systemSceneIds } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * The original's 列设置 (field/queryFieldConfig|fieldConfig) and 场景设置
 * (scene/querySceneConfig|sceneConfig): per user, the same settings the kind's list head and
 * scene picker read. sunli and zhoujie (销售) list customers; huangmin has no CRM right.
 */
let t: TestApp;
const { call: post, signIn } = people(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await signIn(['sunli', 'zhoujie', 'huangmin']);
});
afterAll(() => t.close());

type Column = { id: string; name: string; width: number | null };

describe('field/queryFieldConfig and field/fieldConfig', () => {
  it("arranges the user's customer columns, which the list head then shows", async () => {
    const before = await post('sunli', '/field/queryFieldConfig', { label: 2 });
    expect(before.code).toBe(0);
    const shown = (before.data.value as Column[]).map((c) => c.id);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    // The second column first, the third hidden.
    const order = [shown[1]!, shown[0]!, ...shown.slice(3)];
    const hide = shown[2]!;
    const saved = await post('sunli', '/field/fieldConfig', {
      label: 2,
      noHideIds: order.join(','),
      hideIds: [hide, ...(before.data.hideValue as Column[]).map((c) => c.id)].join(','),
    });
    expect(saved).toMatchObject({ code: 0 });
    const after = await post('sunli', '/field/queryFieldConfig', { label: 2 });
    expect((after.data.value as Column[]).map((c) => c.id)).toEqual(order);
    expect((after.data.hideValue as Column[]).map((c) => c.id)).toContain(hide);
    const head = await post('sunli', '/field/queryListHead', { label: 2 });
    expect(head.data.map((c: { fieldName: string }) => c.fieldName)).toEqual(order);
    // Another user's columns are their own.
    const other = await post('zhoujie', '/field/queryFieldConfig', { label: 2 });
    expect((other.data.value as Column[]).map((c) => c.id)).toEqual(shown);
  });

  it('refuses fewer than two shown columns, an unknown column, an unknown kind and a user without the list', async () => {
    expect(
      await post('sunli', '/field/fieldConfig', { label: 2, noHideIds: 'customerName', hideIds: '' }),
    ).toMatchObject({
      code: 400,
      msg: '至少要显示两列',
    });
    expect(
      await post('sunli', '/field/fieldConfig', { label: 2, noHideIds: 'customerName,noSuchColumn', hideIds: '' }),
    ).toMatchObject({ code: 400, msg: '列设置有误' });
    expect(await post('sunli', '/field/queryFieldConfig', { label: 99 })).toMatchObject({ code: 400 });
    expect(await post('huangmin', '/field/queryFieldConfig', { label: 2 })).toMatchObject({ code: 403 });
  });
});

type Scene = { sceneId: number; name: string; isDefault: number };

describe('scene/querySceneConfig and scene/sceneConfig', () => {
  it("orders and hides the user's scenes; the picker shows the rest in that order", async () => {
    const added = await post('sunli', '/scene/addScene', { type: 2, name: '我的重点客户', isDefault: 0, data: '{}' });
    expect(added.code).toBe(0);
    const mine = added.data.id as number;
    const before = await post('sunli', '/scene/querySceneConfig', { type: 2 });
    expect(before.code).toBe(0);
    const ids = (before.data.value as Scene[]).map((s) => s.sceneId);
    expect(ids).toContain(mine);
    expect(before.data.hide_value).toEqual([]);

    const shown = [mine, ...ids.filter((id) => id !== mine && id !== systemSceneIds.member)];
    const saved = await post('sunli', '/scene/sceneConfig', {
      type: 2,
      noHideIds: shown.join(','),
      hideIds: String(systemSceneIds.member),
    });
    expect(saved).toMatchObject({ code: 0 });
    const after = await post('sunli', '/scene/querySceneConfig', { type: 2 });
    expect((after.data.value as Scene[]).map((s) => s.sceneId)).toEqual(shown);
    expect((after.data.hide_value as Scene[]).map((s) => s.sceneId)).toEqual([systemSceneIds.member]);
    const picker = await post('sunli', '/scene/queryScene', { type: 2 });
    expect(picker.data.map((s: Scene) => s.sceneId)).toEqual(shown);
    expect(picker.data.filter((s: Scene) => s.isDefault === 1)).toHaveLength(1);
  });

  it('moves the default back to 全部 when the default is hidden', async () => {
    expect(await post('sunli', '/scene/setDefaultScene', { type: 2, sceneId: systemSceneIds.mine })).toMatchObject({
      code: 0,
    });
    const scenes = (await post('sunli', '/scene/querySceneConfig', { type: 2 })).data;
    const all = [...scenes.value, ...scenes.hide_value].map((s: Scene) => s.sceneId);
    const rest = all.filter((id: number) => id !== systemSceneIds.mine);
    expect(
      await post('sunli', '/scene/sceneConfig', {
        type: 2,
        noHideIds: rest.join(','),
        hideIds: `${systemSceneIds.mine}`,
      }),
    ).toMatchObject({ code: 0 });
    const picker = await post('sunli', '/scene/queryScene', { type: 2 });
    expect(picker.data.find((s: Scene) => s.isDefault === 1).sceneId).toBe(systemSceneIds.all);
    expect(picker.data.map((s: Scene) => s.sceneId)).not.toContain(systemSceneIds.mine);
  });

  it('refuses a scene left out or unknown, none shown, and a user without the list', async () => {
    const scenes = (await post('sunli', '/scene/querySceneConfig', { type: 2 })).data;
    const all = [...scenes.value, ...scenes.hide_value].map((s: Scene) => s.sceneId);
    expect(
      await post('sunli', '/scene/sceneConfig', { type: 2, noHideIds: all.slice(1).join(','), hideIds: '' }),
    ).toMatchObject({ code: 400, msg: '场景设置有误，请刷新后重试' });
    expect(
      await post('sunli', '/scene/sceneConfig', { type: 2, noHideIds: [...all, 999999].join(','), hideIds: '' }),
    ).toMatchObject({ code: 400, msg: '场景设置有误，请刷新后重试' });
    expect(await post('sunli', '/scene/sceneConfig', { type: 2, noHideIds: '', hideIds: all.join(',') })).toMatchObject(
      {
        code: 400,
        msg: '至少要显示一个场景',
      },
    );
    expect(await post('huangmin', '/scene/querySceneConfig', { type: 2 })).toMatchObject({ code: 403 });
  });
});
