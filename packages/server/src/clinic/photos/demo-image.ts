import { deflateSync } from 'node:zlib';

/**
 * Small PNG pictures drawn in code for the living demo's photos (issue 23): no image file is
 * committed. A studio backdrop, a skin-toned oval turned by the angle, and blemishes that fade from
 * 术前 to 术后 to 恢复, so the photograph room's comparison shows a difference. Deterministic: the
 * same seed and tags give the same bytes on every machine.
 */

export const DEMO_IMAGE = { width: 180, height: 240 } as const;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGB rows (width × height × 3) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** mulberry32 over the seed's hash: the blemishes' places. */
function random(seed: string) {
  let a = 2166136261;
  for (const ch of seed) a = Math.imul(a ^ ch.charCodeAt(0), 16777619);
  a >>>= 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Horizontal centre and width of the oval per angle (shared `photoAngles`: 1 正面 … 9 特写). */
const pose: Record<number, { cx: number; rx: number; ry: number }> = {
  1: { cx: 0.5, rx: 0.3, ry: 0.36 },
  2: { cx: 0.4, rx: 0.22, ry: 0.36 },
  3: { cx: 0.6, rx: 0.22, ry: 0.36 },
  4: { cx: 0.45, rx: 0.26, ry: 0.36 },
  5: { cx: 0.55, rx: 0.26, ry: 0.36 },
  6: { cx: 0.5, rx: 0.3, ry: 0.3 },
  7: { cx: 0.5, rx: 0.3, ry: 0.3 },
  8: { cx: 0.5, rx: 0.32, ry: 0.4 },
  9: { cx: 0.5, rx: 0.45, ry: 0.45 },
};
/** Blemishes and their darkness by photo type (1 术前, 2 术后, 3 恢复). */
const blemish: Record<number, { count: number; depth: number }> = {
  1: { count: 26, depth: 70 },
  2: { count: 12, depth: 35 },
  3: { count: 5, depth: 20 },
};
/** The strip at the bottom tells the type at a glance. */
const strip: Record<number, [number, number, number]> = { 1: [120, 130, 150], 2: [90, 160, 120], 3: [200, 160, 90] };

/** One demo photo: a PNG of DEMO_IMAGE's size. */
export function drawDemoPhoto(seed: string, type: number, angle: number): Buffer {
  const { width: w, height: h } = DEMO_IMAGE;
  const rgb = new Uint8Array(w * h * 3);
  const p = pose[angle] ?? pose[1]!;
  const b = blemish[type] ?? blemish[1]!;
  const next = random(seed);
  const spots = Array.from({ length: b.count }, () => {
    const t = next() * Math.PI * 2;
    const r = Math.sqrt(next()) * 0.8;
    return {
      x: (p.cx + Math.cos(t) * r * p.rx) * w,
      y: (0.45 + Math.sin(t) * r * p.ry) * h,
      r: 2 + next() * 4,
    };
  });
  const band = strip[type] ?? strip[1]!;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let c: [number, number, number];
      if (y >= h - 14) c = band;
      else {
        // The backdrop: a soft vertical gradient.
        const g = 225 - Math.round((y / h) * 40);
        c = [g - 10, g - 4, g + 8];
        const dx = (x / w - p.cx) / p.rx;
        const dy = (y / h - 0.45) / p.ry;
        const d = dx * dx + dy * dy;
        if (d <= 1) {
          // Skin, a little shaded towards the edge.
          const shade = Math.round(d * 25);
          c = [236 - shade, 196 - shade, 170 - shade];
          for (const s of spots) {
            const q = ((x - s.x) ** 2 + (y - s.y) ** 2) / (s.r * s.r);
            if (q < 1) {
              const k = Math.round(b.depth * (1 - q));
              c = [c[0] - k, c[1] - k - 10 * (1 - q), c[2] - k - 10 * (1 - q)];
            }
          }
        }
      }
      const i = (y * w + x) * 3;
      rgb[i] = Math.max(0, Math.min(255, c[0]));
      rgb[i + 1] = Math.max(0, Math.min(255, c[1]));
      rgb[i + 2] = Math.max(0, Math.min(255, c[2]));
    }
  }
  return encodePng(w, h, rgb);
}
