// Product pictures drawn in code for the demo catalogue: the product type's silhouette in the
// product's colour, with the channel's play mark, on a light studio background, as a PNG. No
// download and no native dependency: shapes are polygons filled by a small scanline rasteriser
// (four sub-scanlines per row, exact horizontal coverage, so edges are anti-aliased) and the
// pixels are written with node:zlib (raster.ts). One 400 × 400 picture takes a few milliseconds.
import type { ProductCategory } from '../contracts/shop.ts';
import { Canvas, hexToRgb, luminance, mix, type Contour, type Point, type Rgb } from './raster.ts';

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
