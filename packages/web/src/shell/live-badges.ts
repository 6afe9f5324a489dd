import type { BadgeArea, ChatServerFrame } from '@crm/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The queries behind each badge area the server pushes (`badges` on the messaging socket,
 * docs/api/messaging.md): the menu and workbench to-do counts, and for `oa` the approval page's
 * tab counts and lists (`['examine', …]`, workbench/examine/api.ts), and the pop-up reminders
 * (workbench/reminders). A new area adds its keys here.
 */
export const BADGE_QUERY_KEYS: Record<BadgeArea, QueryKey[]> = {
  oa: [['todo', 'oa'], ['examine'], ['reminders']],
  crm: [['todo', 'crm']],
};

/** Fetch the counts of the areas that moved again (only queries some component shows refetch). */
export function refreshBadges(client: QueryClient, areas: readonly BadgeArea[]): void {
  for (const area of new Set(areas))
    for (const queryKey of BADGE_QUERY_KEYS[area] ?? []) void client.invalidateQueries({ queryKey });
}

/** What every tab's shell does with the socket's frames: the chat badge and the pushed to-do counts. */
export function onShellFrame(frame: ChatServerFrame, on: { unread: (n: number) => void; client: QueryClient }) {
  if (frame.type === 'unread') on.unread(frame.count);
  else if (frame.type === 'badges') refreshBadges(on.client, frame.areas);
}
