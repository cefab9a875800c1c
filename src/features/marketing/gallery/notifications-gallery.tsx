import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { notify, type NotifyVariant } from '@/lib/notify';

import { GallerySection } from './gallery-section';

const VARIANTS: { variant: NotifyVariant; color: string; icon: typeof IconInfoCircle }[] = [
  { variant: 'success', color: 'green', icon: IconCircleCheck },
  { variant: 'error', color: 'red', icon: IconCircleX },
  { variant: 'warning', color: 'orange', icon: IconAlertTriangle },
  { variant: 'info', color: 'blue', icon: IconInfoCircle },
];

/** The app's notifications (docs/product-rules.md#notifications), shown for real: top right,
 *  at most five, 3 s. */
export function NotificationsGallery() {
  const { t } = useTranslation();
  return (
    <GallerySection id="gallery-notifications" title={t('marketing.gallery.notifications')} description={t('marketing.gallery.notificationsBody')}>
      <Group gap="sm">
        {VARIANTS.map(({ variant, color, icon: Icon }) => (
          <Button
            key={variant}
            color={color}
            variant="light"
            leftSection={<Icon size={18} aria-hidden="true" />}
            onClick={() => notify(t(`marketing.gallery.samples.${variant}`), variant, { title: t(`marketing.gallery.variants.${variant}`) })}
          >
            {t(`marketing.gallery.variants.${variant}`)}
          </Button>
        ))}
      </Group>
    </GallerySection>
  );
}
