import { formatTime } from '@crm/shared';

/** A time `minutes` from now as the calls take it (company zone). */
export const inMinutes = (minutes: number) => formatTime(new Date(Date.now() + minutes * 60_000));

/** The form of the tests: a required number, a required choice, optional several choices and a note. */
export const headcountFields = [
  { name: '在岗人数', formType: 'number', isNull: 1 },
  { name: '是否完成消防检查', formType: 'select', isNull: 1, options: ['是', '否'] },
  { name: '本月培训', formType: 'checkbox', options: ['消防', '急救', '服务礼仪'] },
  { name: '备注', formType: 'textarea', maxLength: 200 },
];
