import { Avatar } from 'antd';
import { avatarText } from '../avatar';

/** The user's picture, or the last two characters of the name on a coloured disc (spec 9). */
export function UserAvatar({ name, img, size = 32 }: { name: string; img?: string; size?: number }) {
  if (img) return <Avatar size={size} src={img} alt={name} />;
  return (
    // Initials cut from the user's name: user data (the English walk reads this mark).
    <Avatar size={size} style={{ backgroundColor: '#1677ff', fontSize: Math.round(size * 0.4) }} data-user-data>
      {avatarText(name)}
    </Avatar>
  );
}
