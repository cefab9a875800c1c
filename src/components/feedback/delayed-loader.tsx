import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LOADING_DELAY_MS } from '@/config/env';

/** A spinner that appears only after the loading delay (200 ms), so fast loads never flash. */
export function DelayedLoader({ delay = LOADING_DELAY_MS, minHeight = 240 }: { delay?: number; minHeight?: number | string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <Center mih={minHeight} role="status" aria-live="polite" aria-busy="true" aria-label={t('common.loading')}>
      {visible ? <Loader size="md" aria-hidden="true" /> : null}
    </Center>
  );
}
