import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/i18n';

const UNITS = [
  { key: 'days', seconds: 86_400 },
  { key: 'hours', seconds: 3600 },
  { key: 'minutes', seconds: 60 },
  { key: 'seconds', seconds: 1 },
] as const;

/** Days, hours, minutes and seconds from `now` to `target` (all 0 once it has passed). */
export function timeLeft(target: number, now: number): Record<(typeof UNITS)[number]['key'], number> {
  let rest = Math.max(0, Math.floor((target - now) / 1000));
  const out = { days: 0, hours: 0, minutes: 0, seconds: 0 };
  for (const { key, seconds } of UNITS) {
    out[key] = Math.floor(rest / seconds);
    rest -= out[key] * seconds;
  }
  return out;
}

/** Counts down to `target` every second; dashes until the target is known (or before the page
 *  runs in a browser). Calls `onDone` once the target is reached. */
export function Countdown({ target, onDone }: { target: number | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = target !== null && now !== null ? timeLeft(target, now) : null;
  const over = target !== null && now !== null && now >= target;
  useEffect(() => {
    if (over) onDone?.();
  }, [over, onDone]);
  return (
    <SimpleGrid cols={4} spacing="sm" maw={480} w="100%" role="timer" aria-label={t('marketing.comingSoon.opensIn')}>
      {UNITS.map(({ key }) => (
        <Paper key={key} withBorder radius="md" py="md" ta="center">
          <Text fz={{ base: 28, sm: 40 }} fw={800} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }} data-unit={key}>
            {left ? formatNumber(left[key], { minimumIntegerDigits: key === 'days' ? 1 : 2 }) : '--'}
          </Text>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`marketing.comingSoon.${key}`)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
