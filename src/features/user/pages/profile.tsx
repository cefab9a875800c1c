import {
  Anchor,
  Avatar,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconSettings, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  const referral = `${window.location.origin}${paths.auth.register.path}?ref=${encodeURIComponent(user.slug)}`;
  const since = new Intl.DateTimeFormat(
    i18n.language === 'vn' ? 'vi' : i18n.language === 'cn' ? 'zh-CN' : i18n.language,
    {
      dateStyle: 'long',
    },
  ).format(new Date(user.createdAt));

  return (
    <>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Title order={1} size="h3">
          {t('user.profile.title')}
        </Title>
        <Button
          component={Link}
          to={paths.dashboard.user.account.path}
          variant="light"
          leftSection={<IconSettings size={18} />}
        >
          {t('user.profile.edit')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mb="lg">
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar
            size={72}
            radius={72}
            color="initials"
            name={`${user.firstName} ${user.lastName}`}
          />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {user.firstName} {user.lastName}
            </Title>
            <Text c="dimmed" size="sm" truncate>
              {user.email}
            </Text>
            <Group gap="xs">
              <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'blue'}>
                {t(`user.roles.${user.role}`)}
              </Badge>
              <Badge variant="light" color={user.emailVerified ? 'green' : 'orange'}>
                {user.emailVerified ? t('user.security.verified') : t('user.security.unverified')}
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={3} size="h5" mb="xs">
            {t('user.profile.inviteTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('user.profile.inviteBody')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              value={referral}
              readOnly
              aria-label={t('user.profile.inviteLink')}
              style={{ flex: 1 }}
              dir="ltr"
            />
            <CopyButton value={referral}>
              {({ copied, copy }) => (
                <Tooltip
                  label={copied ? t('user.profile.copied') : t('user.profile.copy')}
                  withArrow
                >
                  <Button
                    variant="light"
                    onClick={copy}
                    aria-label={t('user.profile.copy')}
                    px="sm"
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={3} size="h5" mb="xs">
            {t('user.profile.channelTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('user.profile.channelBody')}
          </Text>
          <Anchor component={Link} to={paths.slugVideos.href(user.slug)}>
            <Group gap={6}>
              <IconVideo size={18} />
              <span dir="ltr">/{user.slug}/videos</span>
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed" mt="md">
            {t('user.profile.memberSince', { date: since })}
          </Text>
        </Paper>
      </SimpleGrid>
    </>
  );
}
