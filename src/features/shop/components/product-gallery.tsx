import { AspectRatio, Group, Image, Paper, UnstyledButton } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './shop.module.css';

/** The cover large, the thumbnails below: click, or arrow keys / Home / End on a thumbnail. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[Math.min(index, images.length - 1)];

  const onKeyDown = (event: KeyboardEvent) => {
    const rtl = document.documentElement.dir === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % images.length;
    else if (event.key === back) next = (index - 1 + images.length) % images.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = images.length - 1;
    if (next === null) return;
    event.preventDefault();
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div>
      <Paper withBorder radius="lg" className={classes.galleryMain}>
        <AspectRatio ratio={1}>
          <Image
            src={current}
            alt={t('shop.product.imageOf', { name, n: index + 1, total: images.length })}
            fallbackSrc="/favicon.svg"
          />
        </AspectRatio>
      </Paper>
      {images.length > 1 ? (
        <Group
          gap="xs"
          mt="sm"
          role="toolbar"
          aria-label={t('shop.product.gallery')}
          onKeyDown={onKeyDown}
        >
          {images.map((src, i) => (
            <UnstyledButton
              key={src}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              className={classes.thumb}
              data-active={i === index || undefined}
              aria-pressed={i === index}
              aria-label={t('shop.product.showImage', { n: i + 1 })}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setIndex(i)}
            >
              <Image src={src} alt="" w={64} h={64} radius="md" fallbackSrc="/favicon.svg" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </div>
  );
}
