import { Anchor, Breadcrumbs, Button, Skeleton, Text, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { updateUser } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';

import { adminActionsQuery, managedUserQuery, updateManagedUser } from '../api/account-api';
import { AdminActions } from '../components/admin-actions';
import { AdminOnly } from '../components/admin-only';
import { UserForm } from '../components/user-form';
import { toUpdateInput, userToForm } from '../components/user-form-values';
import { UserSummary } from '../components/user-summary';

function UserEdit() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { name = '' } = useParams();
  const queryClient = useQueryClient();
  const query = managedUserQuery(name);
  const loaded = useQuery({ ...query, retry: false });

  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={paths.dashboard.user.list.path}>
          {t('user.list.title')}
        </Anchor>
        <Text>
          {loaded.data ? `${loaded.data.user.firstName} ${loaded.data.user.lastName}` : name}
        </Text>
      </Breadcrumbs>
      <Title order={1} size="h3" mb="lg">
        {t('user.manage.editTitle')}
      </Title>
      {loaded.isPending ? (
        <>
          <Skeleton h={120} radius="lg" mb="lg" />
          <Skeleton h={420} radius="lg" />
        </>
      ) : loaded.isError ? (
        loaded.error instanceof ApiRequestError && loaded.error.status === 404 ? (
          <EmptyState
            icon={<IconUserQuestion size={28} />}
            title={t('user.manage.notFound')}
            description={t('user.manage.notFoundBody', { name })}
            action={
              <Button component={Link} to={paths.dashboard.user.list.path}>
                {t('user.manage.backToList')}
              </Button>
            }
          />
        ) : (
          <ErrorState error={loaded.error} onRetry={() => void loaded.refetch()} />
        )
      ) : (
        <>
          <UserSummary user={loaded.data.user} />
          <UserForm
            key={loaded.data.user.id}
            mode="edit"
            self={loaded.data.user.id === me?.id}
            initial={userToForm(loaded.data.user)}
            submitLabel={t('user.manage.save')}
            onSubmit={async (values) => {
              const target = loaded.data.user;
              const { user } = await updateManagedUser(
                target.id,
                toUpdateInput(values, userToForm(target)),
              );
              if (user.id === me?.id) updateUser(user);
              queryClient.setQueryData(query.queryKey, { user });
              notify.success(
                t('user.manage.saved', { name: `${user.firstName} ${user.lastName}` }),
              );
              await queryClient.invalidateQueries({
                queryKey: adminActionsQuery(user.id).queryKey,
              });
              await queryClient.invalidateQueries({
                queryKey: ['users'],
                exact: false,
                refetchType: 'none',
              });
            }}
          />
          <AdminActions userId={loaded.data.user.id} />
        </>
      )}
    </>
  );
}

export default function UserEditPage() {
  return (
    <AdminOnly>
      <UserEdit />
    </AdminOnly>
  );
}
