// Product pictures drawn in code for the demo catalogue: the product type's silhouette in the
// product's colour, with the channel's play mark, on a light studio background, as a PNG. No
// download and no native dependency: shapes are polygons filled by a small scanline rasteriser
// (four sub-scanlines per row, exact horizontal coverage, so edges are anti-aliased) and the
// pixels are written with node:zlib. One 400 × 400 picture takes a few milliseconds.
import zlib from 'node:zlib';

import type { ProductCategory } from '../contracts/shop.ts';

type Point = readonly [number, number];
type Contour = Point[];
type Rgb = readonly [number, number, number];

const SUB = 4;

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const luminance = ([r, g, b]: Rgb) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

class Canvas {
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

// ---- shapes (units 0–100) ------------------------------------------------------------------

function ellipse(cx: number, cy: number, rx: number, ry: number, from = 0, to = 2 * Math.PI) {
  const steps = 48;
  const points: Point[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = from + ((to - from) * i) / steps;
    points.push([cx + rx * Math.cos(t), cy + ry * Math.sin(t)]);
  }
  return points;
}

function roundRect(x: number, y: number, w: number, h: number, r: number): Contour {
  const q = Math.PI / 2;
  return [
    ...ellipse(x + w - r, y + r, r, r, -q, 0),
    ...ellipse(x + w - r, y + h - r, r, r, 0, q),
    ...ellipse(x + r, y + h - r, r, r, q, 2 * q),
    ...ellipse(x + r, y + r, r, r, 2 * q, 3 * q),
  ];
}

const rect = (x: number, y: number, w: number, h: number): Contour => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/** The channel's mark: a rounded square with a play triangle cut out of it. */
function playMark(canvas: Canvas, cx: number, cy: number, size: number, color: Rgb) {
  const h = size / 2;
  const t = size * 0.22;
  canvas.fill(
    [
      roundRect(cx - h, cy - h, size, size, size * 0.22),
      [
        [cx - t * 0.8, cy - t],
        [cx + t * 1.1, cy],
        [cx - t * 0.8, cy + t],
      ],
    ],
    color,
  );
}

const GARMENT: Record<'tee' | 'hoodie', Contour> = {
  tee: [
    [38, 17],
    [22, 22],
    [8, 38],
    [18, 47],
    [27, 40],
    [27, 86],
    [73, 86],
    [73, 40],
    [82, 47],
    [92, 38],
    [78, 22],
    [62, 17],
    ...ellipse(50, 17, 12, 8, 0, Math.PI),
  ],
  hoodie: [
    [36, 20],
    [23, 24],
    [10, 74],
    [20, 77],
    [28, 48],
    [28, 88],
    [72, 88],
    [72, 48],
    [80, 77],
    [90, 74],
    [77, 24],
    [64, 20],
  ],
};

type Painter = (canvas: Canvas, color: Rgb, dark: Rgb, mark: Rgb) => void;

const PAINTERS: Record<ProductCategory, Painter> = {
  shirts: (c, color, dark, mark) => {
    c.fill([GARMENT.tee], color);
    c.fill([ellipse(50, 17, 12, 8, 0, Math.PI)], dark);
    playMark(c, 50, 50, 16, mark);
  },
  hoodies: (c, color, dark, mark) => {
    c.fill([ellipse(50, 22, 15, 11)], dark);
    c.fill([GARMENT.hoodie], color);
    c.fill([ellipse(50, 22, 9, 6)], dark);
    c.fill([roundRect(36, 64, 28, 14, 3)], dark, 0.55);
    playMark(c, 50, 46, 13, mark);
  },
  caps: (c, color, dark, mark) => {
    c.fill([ellipse(62, 72, 30, 7)], dark);
    c.fill([ellipse(48, 72, 30, 28, Math.PI, 2 * Math.PI)], color);
    c.fill([ellipse(48, 45, 2.6, 2.6)], dark);
    playMark(c, 46, 59, 12, mark);
  },
  mugs: (c, color, dark, mark) => {
    c.fill([ellipse(68, 54, 15, 14), ellipse(68, 54, 8.5, 8.5)], dark);
    c.fill([roundRect(24, 28, 42, 52, 5)], color);
    c.fill([ellipse(45, 29, 20, 3)], dark, 0.6);
    playMark(c, 45, 54, 15, mark);
  },
  posters: (c, color, dark, mark) => {
    c.fill([rect(24, 10, 52, 78)], [43, 48, 56]);
    c.fill([rect(27, 13, 46, 72)], color);
    c.fill([ellipse(50, 42, 15, 15)], mark, 0.9);
    c.fill(
      [
        [
          [46, 35],
          [57, 42],
          [46, 49],
        ],
      ],
      color,
    );
    c.fill([rect(33, 66, 34, 3)], mark, 0.75);
    c.fill([rect(37, 72, 26, 2.5)], mark, 0.5);
  },
  prints: (c, color, dark, mark) => {
    c.fill([rect(12, 22, 76, 56)], [120, 86, 60]);
    c.fill([rect(15, 25, 70, 50)], [250, 248, 244]);
    c.fill([rect(22, 31, 56, 38)], color);
    c.fill([ellipse(64, 42, 5, 5)], mark, 0.9);
    c.fill(
      [
        [
          [22, 69],
          [38, 46],
          [50, 60],
          [58, 52],
          [78, 69],
        ],
      ],
      dark,
    );
  },
  stickers: (c, color, dark, mark) => {
    c.fill([ellipse(50, 50, 33, 33)], [255, 255, 255]);
    c.fill([ellipse(50, 50, 29, 29)], color);
    c.fill([ellipse(50, 50, 29, 29), ellipse(50, 50, 25, 25)], dark, 0.35);
    playMark(c, 50, 50, 22, mark);
  },
  accessories: (c, color, dark, mark) => {
    c.fill([ellipse(50, 38, 13, 17), ellipse(50, 38, 10, 14)], dark);
    c.fill(
      [
        [
          [24, 38],
          [76, 38],
          [80, 86],
          [20, 86],
        ],
      ],
      color,
    );
    playMark(c, 50, 62, 16, mark);
  },
};

/** A PNG picture of a product of `category` in `hex` colour. */
export function productPicture(category: ProductCategory, hex: string, size = 400): Buffer {
  const canvas = new Canvas(size, [244, 246, 248]);
  const color = hexToRgb(hex);
  const light = luminance(color) > 0.6;
  const dark = mix(color, light ? [60, 66, 74] : [0, 0, 0], light ? 0.25 : 0.35);
  const mark: Rgb = light ? [28, 37, 46] : [255, 255, 255];
  canvas.fill([ellipse(50, 91, 32, 3.5)], [0, 0, 0], 0.08);
  PAINTERS[category](canvas, color, dark, mark);
  return canvas.png();
}
