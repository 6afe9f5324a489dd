import { Avatar } from 'antd';
import { avatarText } from '@/shell/avatar';

/** A user's picture, or the initials of their name (spec 9). */
export function UserAvatar({ name, img, size = 24 }: { name: string; img?: string | null; size?: number }) {
  return (
    <Avatar
      size={size}
      src={img || undefined}
      // Initials cut from the user's name: user data (the English walk reads this mark).
      data-user-data
      style={{ background: '#3e84e9', fontSize: size <= 24 ? 11 : 13, flex: 'none' }}
    >
      {avatarText(name)}
    </Avatar>
  );
}
