import { Container, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { DEMO_BOOKING_SLUG } from '../../../../server/contracts/booking';
import { BookingFlow } from '../components/booking-flow';
import { usePageTitle } from '../components/use-page-title';

/** /demo: the product's own demo-booking page, on the admin's published booking page. */
export default function DemoPage() {
  const { t } = useTranslation();
  usePageTitle(t('booking.demo.title'));
  const points = ['search', 'offline', 'team'] as const;
  return (
    <Container size="lg" py="xl">
      <BookingFlow
        slug={DEMO_BOOKING_SLUG}
        heading={{ title: t('booking.demo.title'), description: t('booking.demo.description') }}
        intro={
          <>
            <Text mt="md" fw={600}>
              {t('booking.demo.lead')}
            </Text>
            <List
              mt="xs"
              spacing={4}
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" aria-hidden="true">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {points.map((p) => (
                <List.Item key={p}>{t(`booking.demo.points.${p}`)}</List.Item>
              ))}
            </List>
          </>
        }
      />
    </Container>
  );
}
