import { Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatDate } from '@/lib/i18n';

import { publicConfigQuery } from '../api/get-public-config';
import { Countdown } from '../components/countdown';
import { NotifyForm } from '../components/notify-form';
import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  usePageMeta('comingSoon');
  const { data } = useQuery(publicConfigQuery);
  const target = data ? Date.parse(data.launchAt) : null;
  const [launched, setLaunched] = useState(false);
  const onDone = useCallback(() => setLaunched(true), []);
  return (
    <>
      <PublicHero eyebrow={t('marketing.comingSoon.eyebrow')} title={t('marketing.comingSoon.title')} lead={t('marketing.comingSoon.lead')} />
      <Container size="sm" pb={64}>
        <Stack align="center" gap="xl">
          {launched ? (
            <Paper withBorder radius="lg" p="xl" ta="center" role="status">
              <Title order={2} size="h3">
                {t('marketing.comingSoon.launched')}
              </Title>
              <Text c="dimmed" mt="xs" mb="md">
                {t('marketing.comingSoon.launchedBody')}
              </Text>
              <Button component={Link} to={paths.auth.register.path}>
                {t('marketing.common.createAccount')}
              </Button>
            </Paper>
          ) : (
            <>
              <Title order={2} size="h4">
                {t('marketing.comingSoon.opensIn')}
              </Title>
              <Countdown target={target} onDone={onDone} />
              <Text c="dimmed" mih={24}>
                {target !== null ? t('marketing.comingSoon.opensOn', { date: formatDate(target, { dateStyle: 'full', timeStyle: 'short' }) }) : null}
              </Text>
              <Stack gap={4} align="center" ta="center" w="100%">
                <Title order={2} size="h4">
                  {t('marketing.comingSoon.notifyTitle')}
                </Title>
                <Text c="dimmed" size="sm" mb="xs">
                  {t('marketing.comingSoon.notifyBody')}
                </Text>
                <NotifyForm />
              </Stack>
            </>
          )}
          <Text size="sm" c="dimmed" ta="center">
            {t('marketing.comingSoon.meanwhile')}{' '}
            <Anchor component={Link} to={paths.pricing.path} underline="always">
              {t('common.site.pricing')}
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </>
  );
}
