import { useState } from 'react';

import classes from './catalogue.module.css';

/** A stable 32-bit hash (FNV-1a) so a film always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function initials(title: string): string {
  const words = title
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !['the', 'a', 'an', 'of', 'and'].includes(w.toLowerCase()));
  const picked = (words.length ? words : [title]).slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return picked.join('').toUpperCase();
}

interface VideoThumbProps {
  title: string;
  seed: string;
  url: string | null;
  /** Text over the bottom corner (a running time or a clip range). */
  badge?: string;
  size?: 'card' | 'hero' | 'small';
}

/**
 * A video's picture: the real thumbnail (lazy) when there is one and it loads, else a designed
 * placeholder, a gradient picked from the film's id with its initials, the same on every visit.
 */
export function VideoThumb({ title, seed, url, badge, size = 'card' }: VideoThumbProps) {
  const [failed, setFailed] = useState(false);
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const angle = 120 + ((h >> 17) % 120);
  const style = {
    backgroundImage: `linear-gradient(${angle}deg, hsl(${hue} 62% 42%), hsl(${hue2} 70% 28%))`,
  };
  return (
    <div className={classes.thumb} data-size={size} style={style}>
      {url && !failed ? (
        <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className={classes.thumbInitials} aria-hidden="true">
          {initials(title)}
        </span>
      )}
      {badge ? (
        <span className={classes.thumbBadge} dir="ltr">
          {badge}
        </span>
      ) : null}
    </div>
  );
}
