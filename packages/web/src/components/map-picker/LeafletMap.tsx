import type { MapConfig } from '@crm/shared';
import { Button, Input, List, Typography } from 'antd';
import gcoord from 'gcoord';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AMAP_SUBDOMAINS, AMAP_TILES, DEFAULT_CENTER, geocoderOf, type LngLat, type Place } from './geo';
import { useMapMessages } from './messages';
import type { PickedPlace } from './types';

const systems = { BD09: gcoord.BD09, GCJ02: gcoord.GCJ02 } as const;
const convert = (p: LngLat, from: 'BD09' | 'GCJ02', to: 'BD09' | 'GCJ02') =>
  gcoord.transform(p, systems[from], systems[to]) as LngLat;

/**
 * The live map (loaded only when a map service is configured, so Leaflet is never in the first
 * page load): search a place, click to drop the one marker, the address reverse-geocoded.
 * `onPick` answers BD09 coordinates; `onUnavailable` when tiles or the geocoder cannot be reached.
 */
export default function LeafletMap({
  config,
  zoom,
  value,
  onPick,
  onUnavailable,
}: {
  config: MapConfig;
  zoom: number;
  value?: PickedPlace;
  onPick: (place: PickedPlace) => void;
  onUnavailable: () => void;
}) {
  const t = useMapMessages();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const geocoder = useMemo(() => geocoderOf(config, convert), [config]);
  const [text, setText] = useState('');
  const [results, setResults] = useState<Place[] | null>(null);
  const [address, setAddress] = useState(value?.address ?? '');
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  const pick = useRef(onPick);
  pick.current = onPick;

  const drop = async (p: LngLat, known?: string) => {
    const m = map.current;
    if (!m || !geocoder) return;
    marker.current?.remove();
    marker.current = L.circleMarker([p[1], p[0]], { radius: 8, color: '#1677ff', fillOpacity: 0.8 }).addTo(m);
    const [lng, lat] = convert(p, 'GCJ02', 'BD09');
    let found = known ?? '';
    if (!known) {
      try {
        found = await geocoder.reverse(p);
      } catch {
        // A failed reverse geocode is not shown (spec 8.3): the place keeps its coordinates.
      }
    }
    setAddress(found);
    pick.current({ longitude: lng, latitude: lat, address: found });
  };
  const dropRef = useRef(drop);
  dropRef.current = drop;

  useEffect(() => {
    if (!box.current) return;
    const start =
      value?.longitude != null && value.latitude != null
        ? convert([value.longitude, value.latitude], 'BD09', 'GCJ02')
        : null;
    const m = L.map(box.current, { attributionControl: false }).setView(
      start ? [start[1], start[0]] : DEFAULT_CENTER,
      zoom,
    );
    let loaded = false;
    L.tileLayer(AMAP_TILES, { subdomains: AMAP_SUBDOMAINS, maxZoom: 18 })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        if (!loaded) unavailable.current();
      })
      .addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => void dropRef.current([e.latlng.lng, e.latlng.lat]));
    map.current = m;
    if (start) {
      marker.current = L.circleMarker([start[1], start[0]], { radius: 8, color: '#1677ff', fillOpacity: 0.8 }).addTo(m);
    }
    return () => {
      m.remove();
      map.current = null;
    };
  }, [zoom, value?.longitude, value?.latitude]);

  const search = async () => {
    if (!geocoder || !text.trim()) return;
    try {
      setResults(await geocoder.search(text.trim()));
    } catch {
      unavailable.current();
    }
  };

  return (
    <div className="map-picker__live">
      <Input.Search
        value={text}
        placeholder={t('search')}
        enterButton={t('searchButton')}
        onChange={(e) => setText(e.target.value)}
        onSearch={search}
      />
      {results && (
        <List
          size="small"
          className="map-picker__results"
          locale={{ emptyText: t('noResult') }}
          dataSource={results}
          renderItem={(r) => (
            <List.Item>
              <Button
                type="link"
                onClick={() => {
                  map.current?.setView([r.point[1], r.point[0]], zoom);
                  void drop(r.point, [r.address, r.name].filter(Boolean).join(' '));
                  setResults(null);
                }}
              >
                {r.name}
              </Button>
              <Typography.Text type="secondary">{r.address}</Typography.Text>
            </List.Item>
          )}
        />
      )}
      <div ref={box} className="map-picker__map" data-testid="map-picker-map" />
      <Typography.Text type="secondary">{address ? `${t('picked')}：${address}` : t('clickTip')}</Typography.Text>
    </div>
  );
}
