import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

import { createManagedUser } from '../api/account-api';
import { AdminOnly } from '../components/admin-only';
import { UserForm } from '../components/user-form';
import { emptyUserForm, toCreateInput } from '../components/user-form-values';

function UserNew() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to={paths.dashboard.user.list.path}>
          {t('user.list.title')}
        </Anchor>
        <Text>{t('user.manage.newTitle')}</Text>
      </Breadcrumbs>
      <Title order={1} size="h3" mb={4}>
        {t('user.manage.newTitle')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('user.manage.newIntro')}
      </Text>
      <UserForm
        mode="create"
        initial={emptyUserForm()}
        submitLabel={t('user.manage.create')}
        onSubmit={async (values) => {
          const { user, invitationSent } = await createManagedUser(toCreateInput(values));
          const name = `${user.firstName} ${user.lastName}`;
          notify.success(
            invitationSent
              ? t('user.manage.created', { name, email: user.email })
              : t('user.manage.createdNoMail', { name }),
          );
          await queryClient.invalidateQueries({ queryKey: ['users'] });
          await navigate(paths.dashboard.user.edit.href(user.slug));
        }}
      />
    </>
  );
}

export default function UserNewPage() {
  return (
    <AdminOnly>
      <UserNew />
    </AdminOnly>
  );
}
