import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconTool } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { setMaintenance, useMaintenance } from '@/lib/maintenance';

import { HelpText } from '../components/help-text';
import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';
import { useServerStatus } from '../components/use-server-status';

/** /maintenance, and what the app shows in place of any page while the server is under
 *  maintenance: why, and a live check of the server; when it is back, the page that was asked
 *  for loads again. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  usePageMeta('maintenance');
  const inPlaceOfAnotherPage = useMaintenance();
  const { status, nextIn, checkNow } = useServerStatus();

  useEffect(() => {
    if (status !== 'up' || !inPlaceOfAnotherPage) return;
    setMaintenance(false);
    window.location.reload();
  }, [status, inPlaceOfAnotherPage]);

  return (
    <>
      <PublicHero eyebrow={t('marketing.maintenance.eyebrow')} title={t('marketing.maintenance.title')} lead={t('marketing.maintenance.lead')} />
      <Container size="sm" pb={64}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg" aria-labelledby="server-status">
            <Group justify="space-between" gap="md">
              <Group gap="md" wrap="nowrap">
                <ThemeIcon size={44} radius="xl" variant="light" color={status === 'up' ? 'green' : 'orange'} aria-hidden="true">
                  {status === 'up' ? <IconCircleCheck size={24} /> : <IconTool size={24} />}
                </ThemeIcon>
                <Stack gap={2}>
                  <Title order={2} size="h5" id="server-status">
                    {t('marketing.maintenance.status')}
                  </Title>
                  <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="server-status">
                    {status === 'checking' && t('marketing.maintenance.checking')}
                    {status === 'up' && t('marketing.maintenance.up')}
                    {(status === 'maintenance' || status === 'unreachable') && t('marketing.maintenance.down', { seconds: nextIn })}
                  </Text>
                </Stack>
              </Group>
              {status === 'checking' ? (
                <Loader size="sm" aria-hidden="true" />
              ) : (
                <Button variant="default" onClick={checkNow}>
                  {t('marketing.maintenance.checkNow')}
                </Button>
              )}
            </Group>
          </Paper>
          {status === 'up' && !inPlaceOfAnotherPage ? (
            <Alert color="green" variant="light" title={t('marketing.maintenance.backTitle')}>
              <Text size="sm" mb="sm">
                {t('marketing.maintenance.backBody')}
              </Text>
              <Button component={Link} to={paths.dashboard.app.path} size="sm">
                {t('marketing.maintenance.open')}
              </Button>
            </Alert>
          ) : null}
          <HelpText email={env.HELP_EMAIL} i18nKey="marketing.maintenance.help" />
        </Stack>
      </Container>
    </>
  );
}
