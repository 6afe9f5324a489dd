import { type MapConfig, MapOrigins } from '@crm/shared';

/**
 * The map service behind the dialog. Tiles are AMap's (GCJ-02, no key needed for tiles), so the
 * map shows GCJ-02; the geocoder is the configured provider's. Coordinates are stored in Baidu
 * BD09 as the original did (spec 9: converted from Baidu to the map's system), converted with
 * gcoord on the way in and out.
 */
export const AMAP_TILES = `${MapOrigins.amapTiles.replace('*', 'webrd0{s}')}/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`;
export const AMAP_SUBDOMAINS = '1234';
/** Default centre when there is no value: Chengdu (the business's home city), GCJ-02. */
export const DEFAULT_CENTER: [number, number] = [30.6595, 104.0657];

export type LngLat = [number, number];
export type Place = { name: string; address: string; point: LngLat };

const TIMEOUT_MS = 8000;

async function getJson(url: string): Promise<unknown> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(url, { signal: ctl.signal });
    return await res.json();
  } finally {
    clearTimeout(timer);
  }
}

let jsonpSeq = 0;
/** Baidu's web services answer no CORS: JSONP, with a timeout. */
function jsonp(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const name = `__crmMapCb${++jsonpSeq}`;
    const script = document.createElement('script');
    const done = () => {
      clearTimeout(timer);
      delete (window as unknown as Record<string, unknown>)[name];
      script.remove();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('timeout'));
    }, TIMEOUT_MS);
    (window as unknown as Record<string, unknown>)[name] = (data: unknown) => {
      done();
      resolve(data);
    };
    script.onerror = () => {
      done();
      reject(new Error('network'));
    };
    script.src = `${url}&callback=${name}`;
    document.head.appendChild(script);
  });
}

type Convert = (p: LngLat, from: 'BD09' | 'GCJ02', to: 'BD09' | 'GCJ02') => LngLat;

/** A geocoder over GCJ-02 points (the map's), by provider; null without a usable configuration. */
export function geocoderOf(config: MapConfig | undefined, convert: Convert) {
  if (!config?.mapProvider || !config.mapKey) return null;
  const key = encodeURIComponent(config.mapKey);
  if (config.mapProvider === 'amap')
    return {
      async reverse(p: LngLat): Promise<string> {
        const r = (await getJson(
          `${MapOrigins.amapApi}/v3/geocode/regeo?key=${key}&location=${p[0].toFixed(6)},${p[1].toFixed(6)}`,
        )) as { info?: string; regeocode?: { formatted_address?: string | unknown[] } };
        // Spec 7.2: success is info equal to OK.
        if (r.info !== 'OK') throw new Error('regeo');
        const a = r.regeocode?.formatted_address;
        return typeof a === 'string' ? a : '';
      },
      async search(text: string): Promise<Place[]> {
        const r = (await getJson(
          `${MapOrigins.amapApi}/v3/place/text?key=${key}&keywords=${encodeURIComponent(text)}&offset=10`,
        )) as { info?: string; pois?: { name: string; address: string | unknown[]; location: string }[] };
        if (r.info !== 'OK') throw new Error('search');
        return (r.pois ?? []).map((poi) => {
          const [lng, lat] = poi.location.split(',').map(Number);
          return { name: poi.name, address: typeof poi.address === 'string' ? poi.address : '', point: [lng!, lat!] };
        });
      },
    };
  return {
    async reverse(p: LngLat): Promise<string> {
      const [lng, lat] = convert(p, 'GCJ02', 'BD09');
      const r = (await jsonp(
        `${MapOrigins.baiduApi}/reverse_geocoding/v3/?ak=${key}&output=json&coordtype=bd09ll&location=${lat.toFixed(6)},${lng.toFixed(6)}`,
      )) as { status?: number; result?: { formatted_address?: string } };
      if (r.status !== 0) throw new Error('regeo');
      return r.result?.formatted_address ?? '';
    },
    async search(text: string): Promise<Place[]> {
      const r = (await jsonp(
        `${MapOrigins.baiduApi}/place/v2/search?ak=${key}&output=json&region=${encodeURIComponent('全国')}&query=${encodeURIComponent(text)}`,
      )) as {
        status?: number;
        results?: { name: string; address?: string; location?: { lat: number; lng: number } }[];
      };
      if (r.status !== 0) throw new Error('search');
      return (r.results ?? [])
        .filter((x) => x.location)
        .map((x) => ({
          name: x.name,
          address: x.address ?? '',
          point: convert([x.location!.lng, x.location!.lat], 'BD09', 'GCJ02'),
        }));
    },
  };
}
export type Geocoder = NonNullable<ReturnType<typeof geocoderOf>>;
