/** A point of the day's route: map coordinates `[lat, lng]`. */
export type PlotPoint = { id: number; at: [number, number]; label: string };

/**
 * The route drawn without map tiles: each point projected into a `width` × `height` box (north
 * up, longitude shrunk by the cosine of the latitude so distances keep their proportions),
 * with `pad` pixels around. One point, or all at one spot, sits in the middle.
 */
export function projectRoute(points: PlotPoint[], width: number, height: number, pad: number) {
  if (points.length === 0) return [];
  const midLat = points.reduce((s, p) => s + p.at[0], 0) / points.length;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xs = points.map((p) => p.at[1] * k);
  const ys = points.map((p) => p.at[0]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY);
  const scale =
    span === 0 ? 0 : Math.min((width - 2 * pad) / (maxX - minX || span), (height - 2 * pad) / (maxY - minY || span));
  const offX = (width - (maxX - minX) * scale) / 2;
  const offY = (height - (maxY - minY) * scale) / 2;
  return points.map((p, i) => ({
    ...p,
    x: offX + (xs[i]! - minX) * scale,
    y: height - (offY + (ys[i]! - minY) * scale),
  }));
}
