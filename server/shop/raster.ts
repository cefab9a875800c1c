// A small scanline rasteriser and PNG writer for the demo product pictures (product-art.ts):
// polygons (even-odd, so a contour inside another is a hole) filled with four sub-scanlines per
// row and exact horizontal coverage, so edges are anti-aliased; 8-bit RGB written with
// node:zlib. Coordinates are 0–100 whatever the pixel size.
import zlib from 'node:zlib';

export type Point = readonly [number, number];
export type Contour = Point[];
export type Rgb = readonly [number, number, number];

const SUB = 4;

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export const luminance = ([r, g, b]: Rgb) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

export class Canvas {
  readonly data: Uint8ClampedArray;

  constructor(
    readonly size: number,
    background: Rgb,
  ) {
    this.data = new Uint8ClampedArray(size * size * 3);
    for (let i = 0; i < size; i += 1) this.data.set(background, i * 3);
    for (let filled = size * 3; filled < this.data.length; filled *= 2)
      this.data.copyWithin(filled, 0, Math.min(filled, this.data.length - filled));
  }

  /** Fills the contours (even-odd, so a contour inside another is a hole); units 0–100. */
  fill(contours: Contour[], color: Rgb, alpha = 1) {
    const k = this.size / 100;
    const edges: number[] = [];
    let top = Infinity;
    let bottom = -Infinity;
    for (const contour of contours) {
      for (let i = 0; i < contour.length; i += 1) {
        const [x0, y0] = contour[i]!;
        const [x1, y1] = contour[(i + 1) % contour.length]!;
        if (y0 === y1) continue;
        // stored top to bottom: x at the top, y range, slope dx/dy
        const [xa, ya, xb, yb] = y0 < y1 ? [x0, y0, x1, y1] : [x1, y1, x0, y0];
        edges.push(xa * k, ya * k, yb * k, ((xb - xa) * k) / ((yb - ya) * k));
        top = Math.min(top, ya * k);
        bottom = Math.max(bottom, yb * k);
      }
    }
    const w = this.size;
    const coverage = new Float32Array(w + 1);
    const xs: number[] = [];
    for (let y = Math.max(0, Math.floor(top)); y < Math.min(w, Math.ceil(bottom)); y += 1) {
      let left = w;
      let right = 0;
      for (let s = 0; s < SUB; s += 1) {
        const sy = y + (s + 0.5) / SUB;
        let n = 0;
        for (let e = 0; e < edges.length; e += 4) {
          if (edges[e + 1]! > sy || sy >= edges[e + 2]!) continue;
          const x = edges[e]! + (sy - edges[e + 1]!) * edges[e + 3]!;
          let j = n;
          while (j > 0 && xs[j - 1]! > x) {
            xs[j] = xs[j - 1]!;
            j -= 1;
          }
          xs[j] = x;
          n += 1;
        }
        for (let i = 0; i + 1 < n; i += 2) span(coverage, xs[i]!, xs[i + 1]!, w);
        if (n > 1) {
          left = Math.min(left, Math.floor(xs[0]!));
          right = Math.max(right, Math.ceil(xs[n - 1]!));
        }
      }
      for (let x = Math.max(0, left); x < Math.min(w, right + 1); x += 1) {
        const c = coverage[x]!;
        coverage[x] = 0;
        if (c <= 0) continue;
        const a = Math.min(1, c / SUB) * alpha;
        const at = (y * w + x) * 3;
        for (let ch = 0; ch < 3; ch += 1)
          this.data[at + ch] = this.data[at + ch]! * (1 - a) + color[ch]! * a;
      }
    }
  }

  png(): Buffer {
    const w = this.size;
    const raw = Buffer.alloc((w * 3 + 1) * w);
    for (let y = 0; y < w; y += 1)
      raw.set(this.data.subarray(y * w * 3, (y + 1) * w * 3), y * (w * 3 + 1) + 1);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(w, 0);
    header.writeUInt32BE(w, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw, { level: 2 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function span(coverage: Float32Array, from: number, to: number, w: number) {
  const a = Math.max(0, Math.min(w, from));
  const b = Math.max(0, Math.min(w, to));
  if (b <= a) return;
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  if (ia === ib) {
    coverage[ia] = coverage[ia]! + (b - a);
    return;
  }
  coverage[ia] = coverage[ia]! + (ia + 1 - a);
  for (let i = ia + 1; i < ib; i += 1) coverage[i] = coverage[i]! + 1;
  if (ib < w) coverage[ib] = coverage[ib]! + (b - ib);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer) {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'ascii');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}
