import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CarOutlined,
  ClockCircleOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LogoutOutlined,
  PayCircleOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useLang } from '@/i18n';

/**
 * Category icons by number (spec: 1 to 20; 19 has no picture — it shows the title's first
 * character instead). One table for the picker, the lists, the detail and the admin pages.
 */
export const CATEGORY_ICONS: Record<number, { Icon: ComponentType | null; color: string }> = {
  1: { Icon: FileTextOutlined, color: '#3e84e9' },
  2: { Icon: CalendarOutlined, color: '#f5a623' },
  3: { Icon: CarOutlined, color: '#13b5b1' },
  4: { Icon: AccountBookOutlined, color: '#f54a45' },
  5: { Icon: ShoppingCartOutlined, color: '#7a5af8' },
  6: { Icon: WalletOutlined, color: '#ff8800' },
  7: { Icon: PayCircleOutlined, color: '#00b578' },
  8: { Icon: ScheduleOutlined, color: '#4e83fd' },
  9: { Icon: IdcardOutlined, color: '#14a9ff' },
  10: { Icon: SolutionOutlined, color: '#8f63f4' },
  11: { Icon: TeamOutlined, color: '#2ea121' },
  12: { Icon: UserSwitchOutlined, color: '#fa8c16' },
  13: { Icon: LogoutOutlined, color: '#eb2f96' },
  14: { Icon: ClockCircleOutlined, color: '#13c2c2' },
  15: { Icon: GiftOutlined, color: '#f759ab' },
  16: { Icon: ToolOutlined, color: '#597ef7' },
  17: { Icon: BankOutlined, color: '#d4380d' },
  18: { Icon: ProjectOutlined, color: '#389e0d' },
  19: { Icon: null, color: '#8f959e' },
  20: { Icon: AuditOutlined, color: '#722ed1' },
};
export const ICON_NUMBERS = Object.keys(CATEGORY_ICONS).map(Number);

export function CategoryIcon({ icon, title = '', size = 32 }: { icon: number; title?: string; size?: number }) {
  const entry = CATEGORY_ICONS[icon] ?? CATEGORY_ICONS[1]!;
  const { Icon, color } = entry;
  const { lang } = useLang();
  return (
    <span
      className="examine-cat-icon"
      data-icon={icon}
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: Math.round(size / 4),
        background: color,
        color: '#fff',
        fontSize: Math.round(size * 0.55),
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        lineHeight: 1,
      }}
    >
      {Icon ? (
        <Icon />
      ) : (
        // The type's first letter (user data; the English walk reads the mark), 审/A before it has a name.
        <span style={{ fontSize: Math.round(size * 0.45) }} data-user-data={title ? '' : undefined}>
          {title.slice(0, 1) || (lang === 'en' ? 'A' : '审')}
        </span>
      )}
    </span>
  );
}
