import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { QueryState } from '@/components/feedback/query-state';

import type { ManagedField } from '../../../../server/contracts/user';
import { adminActionsQuery, type AdminActionEntry } from '../api/account-api';
import { intlLocale } from './format';

const FIELD_LABELS: Record<ManagedField, string> = {
  firstName: 'user.fields.firstName',
  lastName: 'user.fields.lastName',
  email: 'user.fields.email',
  phone: 'user.fields.phone',
  country: 'user.fields.country',
  city: 'user.fields.city',
  about: 'user.manage.about',
  role: 'user.manage.role',
  status: 'user.manage.status',
};

/** Names and addresses keep their own direction inside a sentence of either direction. */
const isolated = { who: <bdi />, from: <bdi />, to: <bdi /> };

function ActionEntry({ entry }: { entry: AdminActionEntry }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const who = entry.admin?.name ?? t('user.history.formerAdmin');
  const fields = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    (entry.details.fields ?? []).map((field) => t(FIELD_LABELS[field])),
  );
  const { role, status, email } = entry.details;
  return (
    <li>
      <Stack gap={2}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" fw={600}>
            <Trans
              i18nKey={`user.history.${entry.action}`}
              values={{ who, fields }}
              components={isolated}
            />
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
            {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
              new Date(entry.at),
            )}
          </Text>
        </Group>
        {email ? (
          <Text size="sm" c="dimmed">
            <Trans
              i18nKey="user.history.emailChange"
              values={{ from: email.from, to: email.to }}
              components={isolated}
            />
          </Text>
        ) : null}
        {role || status ? (
          <Group gap="xs">
            {role ? (
              <Badge variant="light" color="gray">
                {t('user.history.nowRole', { role: t(`user.roles.${role}`) })}
              </Badge>
            ) : null}
            {status ? (
              <Badge variant="light" color={status === 'banned' ? 'red' : 'gray'}>
                {t('user.history.nowStatus', { status: t(`user.manage.statuses.${status}`) })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </li>
  );
}

/** The edit page's "Admin actions": who created, changed or invited this account, and when. */
export function AdminActions({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const actions = useQuery(adminActionsQuery(userId));
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      mt="lg"
    >
      <Title order={2} size="h4" id={titleId}>
        {t('user.history.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('user.history.intro')}
      </Text>
      <QueryState
        query={actions}
        loading={
          <Stack gap="sm">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        }
        isEmpty={(data) => data.actions.length === 0}
        empty={<Text size="sm">{t('user.history.empty')}</Text>}
      >
        {(data) => (
          <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.actions.map((entry) => (
              <ActionEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
