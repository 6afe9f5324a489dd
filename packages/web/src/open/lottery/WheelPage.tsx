import type { LotteryDrawn } from '@crm/shared';
import { useRef, useState } from 'react';
import { LotteryShell } from './LotteryShell';
import { useLotteryOpenMessages } from './messages';
import { wheelStop } from './motion';
import { useLottery } from './use-lottery';

const COLOURS = ['#fff1b8', '#ffd8bf'];
/** The CSS transition's length (lottery.css); the result shows when it ends. */
const SPIN_MS = 5000;

/** A sector of the wheel as an SVG path, clockwise from the top. */
function sector(i: number, n: number, r = 100) {
  const a0 = ((i * 360) / n - 90) * (Math.PI / 180);
  const a1 = (((i + 1) * 360) / n - 90) * (Math.PI / 180);
  const large = 360 / n > 180 ? 1 : 0;
  return `M0,0 L${r * Math.cos(a0)},${r * Math.sin(a0)} A${r},${r} 0 ${large} 1 ${r * Math.cos(a1)},${r * Math.sin(a1)} Z`;
}

/** /largeTurntablePage: the wheel, spun on the server's draw and decelerating onto its prize. */
export default function WheelPage() {
  const t = useLotteryOpenMessages();
  const { info, refused, drawError, draw, reload } = useLottery('wheel');
  const [angle, setAngle] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<LotteryDrawn | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const prizes = info?.prizes ?? [];
  const n = Math.max(prizes.length, 1);

  const spin = async () => {
    if (spinning) return;
    setSpinning(true);
    const drawn = await draw();
    if (!drawn) {
      setSpinning(false);
      return;
    }
    setAngle((a) => wheelStop(a, drawn.index, n));
    timer.current = setTimeout(() => {
      setSpinning(false);
      setResult(drawn);
      void reload();
    }, SPIN_MS);
  };

  return (
    <LotteryShell
      info={info}
      refused={refused}
      drawError={drawError}
      result={result}
      onCloseResult={() => setResult(null)}
    >
      <div className="lottery-wheel">
        <div className="lottery-pointer" />
        <svg
          viewBox="-102 -102 204 204"
          style={{ transform: `rotate(${angle}deg)` }}
          aria-label="wheel"
          data-angle={angle}
        >
          <circle r="101" fill="#cf1322" />
          {prizes.map((p, i) => {
            const mid = (((i + 0.5) * 360) / n - 90) * (Math.PI / 180);
            return (
              <g key={p.index}>
                <path d={sector(i, n)} fill={COLOURS[i % 2]} stroke="#cf1322" strokeWidth="1" />
                <text
                  x={62 * Math.cos(mid)}
                  y={62 * Math.sin(mid)}
                  fontSize="9"
                  textAnchor="middle"
                  dominantBaseline="middle"
                  transform={`rotate(${((i + 0.5) * 360) / n} ${62 * Math.cos(mid)} ${62 * Math.sin(mid)})`}
                >
                  {p.name}
                </text>
              </g>
            );
          })}
        </svg>
        <button
          type="button"
          className="lottery-spin"
          onClick={spin}
          disabled={spinning || !info || info.remaining <= 0}
          data-testid="lottery-draw"
        >
          {spinning ? t('drawing') : info && info.remaining <= 0 ? t('none') : t('spin')}
        </button>
      </div>
    </LotteryShell>
  );
}
