/**
 * The only other sites the web app talks to: the map service's tiles and geocoders
 * (components/map-picker/geo.ts). The server's Content-Security-Policy allows exactly these
 * (server/src/core/security-headers.ts), so a new one is added here or the browser blocks it.
 */
export const MapOrigins = {
  /** AMap's raster tiles (webrd01 … webrd04), loaded as images. */
  amapTiles: 'https://*.is.autonavi.com',
  /** AMap's geocoder and place search, fetched as JSON. */
  amapApi: 'https://restapi.amap.com',
  /** Baidu's geocoder and place search, loaded as JSONP scripts (it answers no CORS). */
  baiduApi: 'https://api.map.baidu.com',
} as const;
