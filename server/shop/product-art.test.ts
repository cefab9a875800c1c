// The drawn product pictures are real PNGs: the right size, the background in the corners,
// the product's colour inside its silhouette, a different picture for each category.
import zlib from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { PRODUCT_CATEGORIES } from '../contracts/shop.ts';
import { productPicture } from './product-art.ts';
import { sniffImage } from './product-images.ts';

function decode(png: Buffer) {
  expect(sniffImage(png)).toBe('png');
  let at = 8;
  let width = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IHDR') width = png.readUInt32BE(at + 8);
    if (type === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * 3 + 1;
  const pixel = (ux: number, uy: number) => {
    const x = Math.floor((ux / 100) * width);
    const y = Math.floor((uy / 100) * width);
    const i = y * stride + 1 + x * 3;
    return [raw[i], raw[i + 1], raw[i + 2]];
  };
  return { width, rows: raw.length / stride, pixel };
}

describe('productPicture', () => {
  it('draws the product in its colour on the studio background', () => {
    const tee = decode(productPicture('shirts', '#B91C1C', 200));
    expect(tee.width).toBe(200);
    expect(tee.rows).toBe(200);
    expect(tee.pixel(1, 1)).toEqual([244, 246, 248]);
    expect(tee.pixel(32, 75)).toEqual([185, 28, 28]);
    expect(tee.pixel(44, 44)).toEqual([255, 255, 255]); // the play mark on a dark colour
    const light = decode(productPicture('shirts', '#FFFFFF', 200));
    expect(light.pixel(44, 44)).toEqual([28, 37, 46]); // a dark mark on a light colour
  });

  it('gives each category its own picture', () => {
    const pictures = PRODUCT_CATEGORIES.map((c) =>
      productPicture(c, '#00A76F', 120).toString('base64'),
    );
    expect(new Set(pictures).size).toBe(PRODUCT_CATEGORIES.length);
  });
});
