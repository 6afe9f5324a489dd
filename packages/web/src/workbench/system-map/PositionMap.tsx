import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { AMAP_SUBDOMAINS, AMAP_TILES } from '@/components/map-picker/geo';
import { CHENGDU, MAP_ZOOM } from './api';

export type MapPoint = { id: number; at: [number, number]; label: string };

/**
 * The day's positions as markers on a Leaflet map, the chosen one highlighted and centred.
 * The tiles are those of the map service the address dialog uses; the page renders this only
 * when one is configured. `onUnavailable` fires when no tile loads (no network, blocked): the
 * page then says so, as the dialog falls back.
 */
export function PositionMap({
  points,
  selectedId,
  onSelect,
  onUnavailable,
}: {
  points: MapPoint[];
  selectedId?: number;
  onSelect: (id: number) => void;
  onUnavailable: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: CHENGDU, zoom: MAP_ZOOM, attributionControl: true });
    let loaded = false;
    L.tileLayer(AMAP_TILES, { subdomains: AMAP_SUBDOMAINS, maxZoom: 18, attribution: '© 高德地图' })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        if (!loaded) unavailable.current();
      })
      .addTo(m);
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const group = layer.current;
    if (!group || !map.current) return;
    group.clearLayers();
    for (const p of points) {
      const chosen = p.id === selectedId;
      L.circleMarker(p.at, {
        radius: chosen ? 9 : 6,
        color: chosen ? '#d4380d' : '#1677ff',
        fillOpacity: 0.8,
      })
        .bindTooltip(p.label)
        .on('click', () => onSelect(p.id))
        .addTo(group);
    }
    const focus = points.find((p) => p.id === selectedId) ?? points.at(-1);
    map.current.setView(focus?.at ?? CHENGDU, MAP_ZOOM);
  }, [points, selectedId, onSelect]);

  return <div ref={box} className="smap-canvas" data-testid="smap-canvas" />;
}
