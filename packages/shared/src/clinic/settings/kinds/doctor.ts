import { defineSettingsKind } from '../declare.ts';
import { settingsPages } from '../pages.ts';
import { enabledField, sortField } from './common.ts';

/** doctorManage: doctors are users with a title, a department and specialities; bookable ones appear on the booking board. */
export const doctorKind = defineSettingsKind({
  name: 'doctor',
  ...settingsPages.doctorManage,
  intro: '医生是系统用户；可预约的医生出现在预约看板和开单的医生选项中。',
  introEn: 'Doctors are users; bookable doctors appear on the booking board and the order form.',
  fields: [
    { key: 'userId', label: '医生', labelEn: 'Doctor', widget: 'ref', source: 'user', required: true, column: true },
    { key: 'title', label: '职称', labelEn: 'Title', widget: 'text', max: 30, column: true },
    { key: 'deptId', label: '科室', labelEn: 'Department', widget: 'ref', source: 'dept', column: true },
    { key: 'bookable', label: '可预约', labelEn: 'Bookable', widget: 'switch', default: true, column: true },
    { key: 'profile', label: '简介', labelEn: 'Profile', widget: 'text', max: 500, multiline: true },
    sortField,
    enabledField,
  ],
  items: [
    {
      key: 'classes',
      label: '擅长项目分类',
      labelEn: 'Speciality classes',
      min: 0,
      max: 50,
      fields: [
        { key: 'classId', label: '项目分类', labelEn: 'Class', widget: 'ref', source: 'projectClass', required: true },
      ],
      distinct: { key: 'classId', msg: '擅长项目分类重复' },
    },
    {
      key: 'projects',
      label: '擅长项目',
      labelEn: 'Speciality projects',
      min: 0,
      max: 100,
      fields: [
        { key: 'projectId', label: '项目', labelEn: 'Project', widget: 'ref', source: 'project', required: true },
      ],
      distinct: { key: 'projectId', msg: '擅长项目重复' },
    },
  ],
  unique: [{ keys: ['userId'], msg: '该用户已是医生', index: 'clinic_doctor_user_uq' }],
  search: ['title'],
});
