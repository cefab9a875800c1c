import { Skeleton, Tabs, Title } from '@mantine/core';
import { IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { QueryState } from '@/components/feedback/query-state';
import { useAuth } from '@/lib/auth/use-auth';

import { profileQuery } from '../api/account-api';
import { ProfileForm } from '../components/profile-form';
import { SecurityPanel } from '../components/security-panel';

const TABS = ['general', 'security'] as const;

export default function AccountPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'general';
  const profile = useQuery(profileQuery);

  if (!user) return null;
  return (
    <>
      <Title order={1} size="h3" mb="lg">
        {t('user.account.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'general' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="general" leftSection={<IconUserCircle size={18} />}>
            {t('user.account.general')}
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconShieldLock size={18} />}>
            {t('user.account.security')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <QueryState query={profile} loading={<Skeleton h={420} radius="lg" />}>
            {(data) => (
              <ProfileForm key={profile.dataUpdatedAt} user={data.user} details={data.profile} />
            )}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityPanel user={user} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
