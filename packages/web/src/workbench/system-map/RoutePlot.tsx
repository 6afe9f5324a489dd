import { type PlotPoint, projectRoute } from './route-plot';

const W = 640;
const H = 440;

/**
 * The day's positions without a map service (none configured, or its tiles cannot load): the
 * route as numbered dots joined in time order, north up, to scale. Clicking a dot chooses it,
 * as a marker on the map would.
 */
export function RoutePlot({
  points,
  selectedId,
  onSelect,
  title,
}: {
  points: PlotPoint[];
  selectedId?: number;
  onSelect: (id: number) => void;
  title: string;
}) {
  const placed = projectRoute(points, W, H, 32);
  return (
    <svg className="smap-plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} data-testid="smap-plot">
      <title>{title}</title>
      <polyline points={placed.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" stroke="#91caff" strokeWidth={2} />
      {placed.map((p, i) => {
        const chosen = p.id === selectedId;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG dot has no HTML button equivalent.
          <g
            key={p.id}
            role="button"
            tabIndex={0}
            onClick={() => onSelect(p.id)}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(p.id)}
            className="smap-plot-dot"
            data-testid="smap-plot-dot"
          >
            <circle cx={p.x} cy={p.y} r={chosen ? 10 : 7} fill={chosen ? '#d4380d' : '#1677ff'} />
            <text x={p.x} y={p.y - 13} textAnchor="middle" fontSize={12} fill="#595959">
              {`${i + 1} · ${p.label}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
