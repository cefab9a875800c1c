import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { BookingReceipt } from '../../../../server/contracts/booking';
import { formatMeeting, zoneLabel } from './zone-time';

/** The booked meeting in the visitor's zone, where the confirmation went, and the cancel link. */
export function Confirmation({
  receipt,
  zone,
  onAgain,
}: {
  receipt: BookingReceipt;
  zone: string;
  onAgain: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cancelPath = (() => {
    const url = new URL(receipt.cancelUrl);
    return `${url.pathname}${url.search}`;
  })();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" role="status">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden="true">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('booking.confirmed.title')}
        </Title>
        <Text fw={600} size="lg">
          {receipt.title} · {receipt.hostName}
        </Text>
        <Text size="lg" data-testid="booked-time">
          {formatMeeting(receipt.start, receipt.end, zone, i18n.language)}
        </Text>
        <Text size="sm" c="dimmed">
          {zoneLabel(zone, i18n.language, new Date(receipt.start))}
        </Text>
        <Text>
          {receipt.mailedTo === 'mailbox'
            ? t('booking.confirmed.mailbox')
            : t('booking.confirmed.email')}
        </Text>
        <Text size="sm">
          {t('booking.confirmed.cancelHint')}{' '}
          <Anchor component={Link} to={cancelPath} fw={600}>
            {t('booking.confirmed.cancelLink')}
          </Anchor>
        </Text>
        <Group>
          <Button variant="default" onClick={onAgain}>
            {t('booking.confirmed.again')}
          </Button>
          <Button component={Link} to={paths.aboutUs.path} variant="light">
            {t('booking.confirmed.about')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
