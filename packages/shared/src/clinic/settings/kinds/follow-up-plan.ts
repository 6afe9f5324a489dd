import { followUpRoles, followUpTriggers } from '../../ward/follow-up.ts';
import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { enabledField, sortField } from './common.ts';

/**
 * followUpConfig (回访计划): follow-ups by day offset and role with the text to ask. A treatment
 * plan names a project or a project class (the project's own plan wins over its class's); a
 * discharge plan applies to every discharge. Among several enabled plans the first by order wins.
 */
export const followUpPlanKind = defineSettingsKind({
  name: 'followUpPlan',
  ...settingsPages.followUpConfig,
  intro: '划扣或出院后按计划自动生成回访任务：第几天、由谁回访、回访内容。项目的计划优先于项目分类的计划。',
  introEn:
    "A treatment or a discharge creates the plan's follow-ups: which day, by whom, what to ask. A project's plan wins over its class's.",
  fields: [
    { key: 'name', label: '计划名称', labelEn: 'Name', widget: 'text', max: 50, required: true, column: true },
    {
      key: 'trigger',
      label: '触发',
      labelEn: 'After',
      widget: 'select',
      options: followUpTriggers,
      required: true,
      column: true,
    },
    { key: 'projectId', label: '项目', labelEn: 'Project', widget: 'ref', source: 'project', column: true },
    {
      key: 'projectClassId',
      label: '项目分类',
      labelEn: 'Project class',
      widget: 'ref',
      source: 'projectClass',
      column: true,
    },
    sortField,
    enabledField,
  ],
  items: [
    {
      key: 'steps',
      label: '回访步骤',
      labelEn: 'Follow-ups',
      min: 1,
      max: 20,
      fields: [
        { key: 'dayOffset', label: '第几天', labelEn: 'Day', widget: 'number', min: 0, max: 365, required: true },
        { key: 'role', label: '回访人', labelEn: 'By', widget: 'select', options: followUpRoles, required: true },
        { key: 'content', label: '回访内容', labelEn: 'To ask', widget: 'text', max: 200, required: true },
      ],
    },
  ],
  unique: [{ keys: ['name'], msg: '回访计划名称已存在', index: 'clinic_follow_up_plan_name_uq' }],
  search: ['name'],
  check: (v) => {
    const forProject = v.projectId != null || v.projectClassId != null;
    if (v.trigger === 'treatment' && !forProject) return '治疗后的回访计划请选择项目或项目分类';
    if (v.trigger === 'discharge' && forProject) return '出院回访计划不按项目区分，请清空项目和项目分类';
    return null;
  },
});
