import { Anchor, Breadcrumbs, Button, Skeleton, Text, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { QueryState } from '@/components/feedback/query-state';
import { paths } from '@/config/paths';
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
      <QueryState
        query={loaded}
        loading={
          <>
            <Skeleton h={120} radius="lg" mb="lg" />
            <Skeleton h={420} radius="lg" />
          </>
        }
        notFound={
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
        }
      >
        {(data) => (
          <>
            <UserSummary user={data.user} />
            <UserForm
              key={data.user.id}
              mode="edit"
              self={data.user.id === me?.id}
              initial={userToForm(data.user)}
              submitLabel={t('user.manage.save')}
              onSubmit={async (values) => {
                const target = data.user;
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
            <AdminActions userId={data.user.id} />
          </>
        )}
      </QueryState>
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
