import { clinicSettingsKinds } from '@crm/shared';
import { useLocation } from 'react-router';
import { SettingsPage } from './SettingsPage';

/** The /project/<node> page of a settings kind: one lazy chunk serves them all, the path names the kind. */
export default function SettingsRoutePage() {
  const { pathname } = useLocation();
  const node = pathname.split('/').filter(Boolean).at(-1);
  const kind = clinicSettingsKinds.find((k) => k.node === node);
  return kind ? <SettingsPage key={kind.name} kind={kind} /> : null;
}
