import { useTranslation } from 'react-i18next';

import classes from './shop.module.css';

/** A read-only star rating in three DOM nodes (Mantine's Rating draws ten inputs and icons per
 *  card, which a grid of products pays for on every render). Filled from the start side, so
 *  from the right in Arabic, like the review form's stars. */
export function RatingStars({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  const shown = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  return (
    <span
      className={classes.stars}
      role="img"
      aria-label={t('shop.card.rated', { value: shown })}
      style={{ '--stars-fill': `${Math.min(5, Math.max(0, value)) * 20}%` } as React.CSSProperties}
    >
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
