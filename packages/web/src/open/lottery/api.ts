import type { LotteryDrawn, LotteryOpenInfo } from '@crm/shared';
import { openCall } from '@/shell/open/open-call';

/** `wheel` opens a /largeTurntablePage link, `grid` a /LargeLuckyGridPage one. */
export type LotteryPageKind = 'wheel' | 'grid';

export const lotteryOpenApi = {
  info: (kind: LotteryPageKind, token: string) => openCall<LotteryOpenInfo>(`/open/lottery/${kind}/info`, token),
  draw: (kind: LotteryPageKind, token: string) => openCall<LotteryDrawn>(`/open/lottery/${kind}/draw`, token),
};
