import type { LotteryDrawn } from '@crm/shared';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LotteryShell } from './LotteryShell';
import { useLotteryOpenMessages } from './messages';
import { GRID_RING, gridDelay, gridPath, gridPrizeAt } from './motion';
import { useLottery } from './use-lottery';

/** /LargeLuckyGridPage: the nine-grid, its lights running round and stopping on the server's prize. */
export default function GridPage() {
  const t = useLotteryOpenMessages();
  const { token, info, refused, drawError, draw, reload } = useLottery('grid');
  const [lit, setLit] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<LotteryDrawn | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const prizes = info?.prizes ?? [];

  const go = async () => {
    if (running) return;
    setRunning(true);
    const drawn = await draw();
    if (!drawn) {
      setRunning(false);
      return;
    }
    const path = gridPath(lit ?? 0, drawn.index, prizes.length);
    const step = (i: number) => {
      setLit(path[i]!);
      if (i + 1 < path.length) timer.current = setTimeout(() => step(i + 1), gridDelay(i + 1, path.length));
      else {
        setRunning(false);
        setResult(drawn);
        void reload();
      }
    };
    step(0);
  };

  // The 3×3 cells: the 8 outer places hold prizes, the centre is the button.
  const cells = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((cell) => {
    if (cell === 4)
      return (
        <button
          key="go"
          type="button"
          className="lottery-go"
          onClick={go}
          disabled={running || !info || info.remaining <= 0}
          data-testid="lottery-draw"
        >
          {running ? t('drawing') : info && info.remaining <= 0 ? t('none') : t('go')}
        </button>
      );
    const place = GRID_RING.indexOf(cell as (typeof GRID_RING)[number]);
    const prize = prizes[gridPrizeAt(place, prizes.length)];
    return (
      <div key={cell} className={`lottery-cell${lit === place ? ' lit' : ''}`} data-place={place}>
        {prize?.name}
      </div>
    );
  });

  return (
    <LotteryShell
      info={info}
      refused={refused}
      drawError={drawError}
      result={result}
      onCloseResult={() => setResult(null)}
      extra={
        <Button type="link" href={`/LargeLuckyGridConfig?token=${encodeURIComponent(token)}`}>
          {t('rules')}
        </Button>
      }
    >
      <div className="lottery-grid">{cells}</div>
    </LotteryShell>
  );
}
