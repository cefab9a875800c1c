// Generated covers for the demo posts: an SVG drawn here (a gradient and a motif about video:
// film frames, a play button, a timeline, a thumbnail grid, a waveform, an orbit) rendered to
// PNG by sharp. Nothing is downloaded, and the same post always gets the same picture.
import sharp from 'sharp';

import type { DemoPost } from './blog-posts.ts';

const W = 1600;
const H = 900;

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${h % 360}, ${s}%, ${l}%, ${a})`;

/** A small deterministic generator, so covers do not change between runs. */
function random(seed: number) {
  let x = seed || 1;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function motif(kind: DemoPost['cover']['motif'], hue: number, rnd: () => number): string {
  const light = hsl(hue, 90, 92, 0.9);
  const soft = hsl(hue, 80, 85, 0.35);
  switch (kind) {
    case 'frames':
      return Array.from({ length: 5 }, (_, i) => {
        const x = 140 + i * 270;
        const y = 300 + Math.sin(i) * 40;
        return `<rect x="${x}" y="${y}" width="230" height="300" rx="18" fill="${i % 2 ? soft : light}" />
          ${Array.from({ length: 4 }, (_, j) => `<rect x="${x + 18 + j * 52}" y="${y - 42}" width="30" height="22" rx="4" fill="${soft}" /><rect x="${x + 18 + j * 52}" y="${y + 320}" width="30" height="22" rx="4" fill="${soft}" />`).join('')}`;
      }).join('');
    case 'play':
      return `<circle cx="800" cy="450" r="250" fill="${soft}" /><circle cx="800" cy="450" r="180" fill="${light}" />
        <path d="M745 360 L905 450 L745 540 Z" fill="${hsl(hue, 70, 45)}" />`;
    case 'timeline':
      return `<rect x="160" y="600" width="1280" height="14" rx="7" fill="${soft}" />
        <rect x="160" y="600" width="${400 + Math.round(rnd() * 600)}" height="14" rx="7" fill="${light}" />
        ${Array.from({ length: 7 }, (_, i) => `<rect x="${160 + i * 185}" y="${260 + Math.round(rnd() * 120)}" width="150" height="${120 + Math.round(rnd() * 160)}" rx="14" fill="${i % 3 ? soft : light}" />`).join('')}`;
    case 'grid':
      return Array.from({ length: 12 }, (_, i) => {
        const x = 170 + (i % 4) * 325;
        const y = 150 + Math.floor(i / 4) * 210;
        return `<rect x="${x}" y="${y}" width="290" height="170" rx="16" fill="${rnd() > 0.6 ? light : soft}" />`;
      }).join('');
    case 'wave':
      return Array.from({ length: 40 }, (_, i) => {
        const h = 60 + Math.abs(Math.sin(i * 0.45)) * 380 * (0.5 + rnd() * 0.5);
        return `<rect x="${150 + i * 33}" y="${450 - h / 2}" width="20" height="${h}" rx="10" fill="${i % 5 ? soft : light}" />`;
      }).join('');
    case 'orbit':
      return `${[320, 240, 160].map((r, i) => `<circle cx="800" cy="450" r="${r}" fill="none" stroke="${i === 1 ? light : soft}" stroke-width="10" />`).join('')}
        ${Array.from({ length: 6 }, (_, i) => {
          const angle = i * 1.05 + rnd();
          const r = [320, 240, 160][i % 3]!;
          return `<circle cx="${800 + Math.cos(angle) * r}" cy="${450 + Math.sin(angle) * r}" r="${24 + (i % 3) * 8}" fill="${light}" />`;
        }).join('')}
        <circle cx="800" cy="450" r="60" fill="${light}" />`;
  }
}

export function coverSvg(cover: DemoPost['cover'], seed: number): string {
  const rnd = random(seed);
  const { hue } = cover;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${hsl(hue, 70, 42)}" />
        <stop offset="1" stop-color="${hsl(hue + 40, 65, 24)}" />
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#bg)" />
    <circle cx="${200 + rnd() * 300}" cy="${100 + rnd() * 200}" r="420" fill="${hsl(hue + 20, 90, 70, 0.12)}" />
    <circle cx="${1200 + rnd() * 300}" cy="${700 + rnd() * 150}" r="360" fill="${hsl(hue - 30, 90, 60, 0.12)}" />
    ${motif(cover.motif, hue, rnd)}
  </svg>`;
}

export async function coverPng(cover: DemoPost['cover'], seed: number): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(cover, seed))).png({ compressionLevel: 9 }).toBuffer();
}
