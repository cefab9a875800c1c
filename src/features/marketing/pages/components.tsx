import { Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';
import { AlertsGallery, BadgesGallery, ButtonsGallery, InputsGallery } from '../gallery/controls-gallery';
import { CardsGallery, HintAndProgressGallery } from '../gallery/misc-gallery';
import { NotificationsGallery } from '../gallery/notifications-gallery';
import { StatesGallery } from '../gallery/states-gallery';
import { ThemeControls } from '../gallery/theme-controls';

/** A live gallery of the product's own building blocks (src/components and Mantine as the
 *  app's theme configures it): change the theme, colour or language and they follow. */
export default function ComponentsPage() {
  const { t } = useTranslation();
  usePageMeta('components');
  return (
    <>
      <PublicHero eyebrow={t('marketing.gallery.eyebrow')} title={t('marketing.gallery.title')} lead={t('marketing.gallery.lead')}>
        <ThemeControls />
      </PublicHero>
      <Container size="lg" pb={64}>
        <Stack gap="lg">
          <StatesGallery />
          <NotificationsGallery />
          <ButtonsGallery />
          <InputsGallery />
          <AlertsGallery />
          <BadgesGallery />
          <CardsGallery />
          <HintAndProgressGallery />
        </Stack>
      </Container>
    </>
  );
}
