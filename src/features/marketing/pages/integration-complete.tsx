import { Anchor, Badge, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleDashed,
  IconDeviceMobile,
  IconLayoutDashboard,
  IconMail,
  IconMovie,
  IconReceipt,
  IconUser,
  IconUsers,
  IconWifiOff,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { formatNumber } from '@/lib/i18n';

import { isPlanId } from '../../../../server/contracts/plans';
import { usePageMeta } from '../components/page-meta';
import { PublicHero } from '../components/public-hero';
import { useDeviceSetup } from '../components/use-device-setup';

type Icon = ComponentType<{ size?: number }>;

function Connection({ icon: Icon, title, done, text, checked }: { icon: Icon; title: string; done: boolean; text: string; checked: boolean }) {
  const { t } = useTranslation();
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={40} radius="md" variant="light" color={done ? 'green' : 'gray'} aria-hidden="true">
        <Icon size={22} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          {checked ? (
            <Badge size="sm" variant="light" color={done ? 'green' : 'gray'} leftSection={done ? <IconCircleCheck size={12} /> : <IconCircleDashed size={12} />}>
              {t(done ? 'marketing.integration.status.done' : 'marketing.integration.status.todo')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {checked ? text : t('marketing.integration.checking')}
        </Text>
      </Stack>
    </Group>
  );
}

const STEPS: { key: string; to: string; icon: Icon }[] = [
  { key: 'dashboard', to: paths.dashboard.app.path, icon: IconLayoutDashboard },
  { key: 'videos', to: paths.dashboard.videos.root.path, icon: IconMovie },
  { key: 'team', to: paths.dashboard.user.list.path, icon: IconUsers },
  { key: 'mail', to: paths.dashboard.mail.root.path, icon: IconMail },
];

export default function IntegrationCompletePage() {
  const { t } = useTranslation();
  usePageMeta('integrationComplete');
  const { user, isInitialized } = useAuth();
  const device = useDeviceSetup();
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const reference = params.get('reference');
  const planName = isPlanId(plan) ? t(`marketing.pricing.plans.${plan}.name`) : null;
  const seats = Number(params.get('seats'));
  const billing = t(params.get('billing') === 'yearly' ? 'marketing.pricing.yearly' : 'marketing.pricing.monthly');
  return (
    <>
      <PublicHero
        eyebrow={t('marketing.integration.eyebrow')}
        title={t('marketing.integration.title')}
        lead={
          planName && reference
            ? t('marketing.integration.lead', { plan: planName, reference })
            : t('marketing.integration.leadNoPlan')
        }
      />
      <Container size="lg" pb={64}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <section aria-labelledby="connected-title">
            <Title order={2} size="h3" id="connected-title" mb="lg">
              {t('marketing.integration.connected')}
            </Title>
            <Stack gap="lg">
              <Connection
                icon={IconReceipt}
                title={t('marketing.integration.plan')}
                checked
                done={Boolean(planName)}
                text={
                  planName
                    ? t('marketing.integration.planOn', { plan: planName, seats: formatNumber(seats || 1), billing: billing.toLowerCase() })
                    : t('marketing.integration.planOff')
                }
              />
              <Connection
                icon={IconUser}
                title={t('marketing.integration.account')}
                checked={isInitialized}
                done={Boolean(user)}
                text={user ? t('marketing.integration.accountOn', { email: user.email }) : t('marketing.integration.accountOff')}
              />
              <Connection
                icon={IconWifiOff}
                title={t('marketing.integration.offline')}
                checked={device.checked}
                done={device.offlineReady}
                text={t(device.offlineReady ? 'marketing.integration.offlineOn' : 'marketing.integration.offlineOff')}
              />
              <Connection
                icon={IconDeviceMobile}
                title={t('marketing.integration.installed')}
                checked={device.checked}
                done={device.installed}
                text={t(device.installed ? 'marketing.integration.installedOn' : 'marketing.integration.installedOff')}
              />
            </Stack>
          </section>
          <section aria-labelledby="next-title">
            <Title order={2} size="h3" id="next-title" mb="lg">
              {t('marketing.integration.next')}
            </Title>
            <Stack gap="md">
              {STEPS.map(({ key, to, icon: Icon }) => (
                <Card key={key} withBorder radius="md" padding="md">
                  <Group wrap="nowrap" gap="md" align="flex-start">
                    <ThemeIcon size={36} radius="md" variant="light" aria-hidden="true">
                      <Icon size={20} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Anchor component={Link} to={to} fw={600}>
                        {t(`marketing.integration.steps.${key}`)}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {t(`marketing.integration.steps.${key}Body`)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </Stack>
          </section>
        </SimpleGrid>
      </Container>
    </>
  );
}
