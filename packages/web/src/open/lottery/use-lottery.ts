import type { LotteryDrawn, LotteryOpenInfo } from '@crm/shared';
import { useCallback, useEffect, useState } from 'react';
import { openToken } from '@/shell/open/open-call';
import { type LotteryPageKind, lotteryOpenApi } from './api';

/**
 * An open lottery page's state: the link's view (activity, prizes, draws left, the customer's
 * prizes) or the refusal, and a draw that answers the server's result for the animation to land on.
 */
export function useLottery(kind: LotteryPageKind) {
  const token = openToken();
  const [info, setInfo] = useState<LotteryOpenInfo | null>(null);
  const [refused, setRefused] = useState<string | null>(token ? null : '');
  const [drawError, setDrawError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    if (!token) return;
    try {
      setInfo(await lotteryOpenApi.info(kind, token));
    } catch (err) {
      setRefused((err as Error).message);
    }
  }, [kind, token]);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Draw once; a refusal (limit, period, sold out) is kept to show and answers null. */
  const draw = async (): Promise<LotteryDrawn | null> => {
    setDrawError(null);
    try {
      return await lotteryOpenApi.draw(kind, token);
    } catch (err) {
      setDrawError((err as Error).message);
      return null;
    }
  };
  return { token, info, refused, drawError, draw, reload };
}
