import { CloseOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { MemberPicker, type PickedUser, UserAvatar } from '@/components/member-picker';
import { useLang } from '@/i18n';
import { chineseOrdinal, useCreateMessages } from './messages';

export type Levels = (PickedUser | null)[];
export const MAX_LEVELS = 20;

/** The rule of the levels block: every level needs a person (审批人不能为空). */
export const levelsComplete = (levels: Levels | undefined) =>
  Boolean(levels?.length) && (levels ?? []).every((l) => l !== null);

/**
 * Chosen-approver levels (spec approvals §2): one person per level, approved in order. Only the
 * last level can be changed; the add button shows when the last level has a person; the remove
 * button when there is more than one level.
 */
export function ApproverLevels({
  value,
  onChange,
  onBlur,
  id,
}: {
  value?: Levels;
  onChange?: (levels: Levels) => void;
  onBlur?: () => void;
  id?: string;
}) {
  const t = useCreateMessages();
  const { lang } = useLang();
  const levels: Levels = value?.length ? value : [null];
  const last = levels.length - 1;
  const label = (i: number) => (lang === 'zh' ? `第${chineseOrdinal(i + 1)}级` : t('level', { n: i + 1 }));
  const setLast = (u: PickedUser | null) => onChange?.(levels.map((l, i) => (i === last ? u : l)));
  return (
    <div className="exm-levels" id={id} data-testid="approver-levels">
      {levels.map((person, i) => (
        // Levels are positions; the same person may appear at two levels.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className="exm-level" data-testid="approver-level">
          <span className="exm-level__label">{label(i)}</span>
          {person ? (
            <Tag
              className="exm-level__person"
              closable={i === last}
              onClose={(e) => {
                e.preventDefault();
                setLast(null);
              }}
            >
              <UserAvatar name={person.realname} img={person.img} size={20} /> {person.realname}
            </Tag>
          ) : null}
          {i === last && (
            <MemberPicker
              hideDepts
              single
              title={t('chooseApprover')}
              value={{ users: person ? [person] : [], depts: [] }}
              onConfirm={(v) => {
                setLast(v.users[0] ?? null);
                onBlur?.();
              }}
              onCancel={() => onBlur?.()}
            >
              <Button size="small" icon={<UserAddOutlined />}>
                {t('chooseApprover')}
              </Button>
            </MemberPicker>
          )}
          {i === last && levels.length > 1 && (
            <Button
              size="small"
              type="text"
              danger
              aria-label={t('removeLevel')}
              icon={<CloseOutlined />}
              onClick={() => {
                onChange?.(levels.slice(0, -1));
                onBlur?.();
              }}
            />
          )}
        </div>
      ))}
      {levels[last] !== null && levels.length < MAX_LEVELS && (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          className="exm-levels__add"
          onClick={() => onChange?.([...levels, null])}
        >
          {t('addLevel')}
        </Button>
      )}
    </div>
  );
}
