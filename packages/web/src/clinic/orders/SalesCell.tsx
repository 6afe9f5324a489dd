import { CloseOutlined, UserAddOutlined } from '@ant-design/icons';
import { splitTotal } from '@crm/shared';
import { Button, InputNumber, Space, Typography } from 'antd';
import { MemberPicker } from '@/components/member-picker/MemberPicker';
import type { SalesShare } from './lines';
import { useOrderMessages } from './messages';

/**
 * A line's salespeople with their shares (whole percent, together 100). Someone added takes what
 * is left of 100, so adding a second person to a 100 % line asks for the split to be typed.
 */
export function SalesCell({ value, onChange }: { value: SalesShare[]; onChange: (next: SalesShare[]) => void }) {
  const t = useOrderMessages();
  const total = splitTotal(value);
  const add = (users: { userId: number; realname: string }[]) => {
    let left = Math.max(0, 100 - total);
    const next = [...value];
    for (const u of users) {
      if (next.some((s) => s.userId === u.userId)) continue;
      next.push({ userId: u.userId, name: u.realname, rate: left });
      left = 0;
    }
    onChange(next);
  };
  return (
    <Space orientation="vertical" size={2}>
      {value.map((s, i) => (
        <Space key={s.userId} size={4}>
          <span className="open-orders__sales-name">{s.name}</span>
          <InputNumber
            size="small"
            min={0}
            max={100}
            precision={0}
            value={s.rate}
            suffix="%"
            aria-label={`${s.name} %`}
            style={{ width: 80 }}
            onChange={(v) => onChange(value.map((x, j) => (j === i ? { ...x, rate: Number(v ?? 0) } : x)))}
          />
          {value.length > 1 && (
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={`${t('remove')} ${s.name}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      <MemberPicker hideDepts onConfirm={(v) => add(v.users)}>
        <Button size="small" type="dashed" icon={<UserAddOutlined />}>
          {t('addSales')}
        </Button>
      </MemberPicker>
      {total !== 100 && (
        <Typography.Text type="danger" className="open-orders__warn">
          {t('splitBad', { total })}
        </Typography.Text>
      )}
    </Space>
  );
}
