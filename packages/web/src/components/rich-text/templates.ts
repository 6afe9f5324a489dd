import type { Lang } from '@/i18n';

/** The template dialog's starting points (HTML the sanitiser keeps as it is). */
export type EditorTemplate = { key: string; title: Record<Lang, string>; html: Record<Lang, string> };

export const editorTemplates: EditorTemplate[] = [
  {
    key: 'notice',
    title: { zh: '通知', en: 'Notice' },
    html: {
      zh: '<h2>关于……的通知</h2><p>各部门：</p><p>为……，现将有关事项通知如下：</p><ol><li><p>时间：</p></li><li><p>地点：</p></li><li><p>要求：</p></li></ol><p>特此通知。</p>',
      en: '<h2>Notice on …</h2><p>To all departments:</p><p>The arrangements are as follows:</p><ol><li><p>Time:</p></li><li><p>Place:</p></li><li><p>Requirements:</p></li></ol>',
    },
  },
  {
    key: 'minutes',
    title: { zh: '会议纪要', en: 'Meeting minutes' },
    html: {
      zh: '<h2>会议纪要</h2><table><tbody><tr><th><p>时间</p></th><td><p></p></td><th><p>地点</p></th><td><p></p></td></tr><tr><th><p>主持人</p></th><td><p></p></td><th><p>参会人</p></th><td><p></p></td></tr></tbody></table><h3>议题</h3><ul><li><p></p></li></ul><h3>决议</h3><ul><li><p></p></li></ul>',
      en: '<h2>Meeting minutes</h2><table><tbody><tr><th><p>Time</p></th><td><p></p></td><th><p>Place</p></th><td><p></p></td></tr><tr><th><p>Chair</p></th><td><p></p></td><th><p>Attendees</p></th><td><p></p></td></tr></tbody></table><h3>Topics</h3><ul><li><p></p></li></ul><h3>Decisions</h3><ul><li><p></p></li></ul>',
    },
  },
  {
    key: 'report',
    title: { zh: '工作汇报', en: 'Work report' },
    html: {
      zh: '<h3>完成情况</h3><table><tbody><tr><th><p>事项</p></th><th><p>进度</p></th><th><p>说明</p></th></tr><tr><td><p></p></td><td><p></p></td><td><p></p></td></tr></tbody></table><h3>下一步</h3><ul><li><p></p></li></ul>',
      en: '<h3>Done</h3><table><tbody><tr><th><p>Item</p></th><th><p>Progress</p></th><th><p>Notes</p></th></tr><tr><td><p></p></td><td><p></p></td><td><p></p></td></tr></tbody></table><h3>Next</h3><ul><li><p></p></li></ul>',
    },
  },
];
