import { Alert, Button, Group, Paper, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { updateUser } from '@/lib/auth/auth-store';
import { notify } from '@/lib/notify';

import type { PublicUser } from '../../../../server/contracts/user';
import { updateProfile, type ProfileInput } from '../api/account-api';
import { serverErrors } from './form-errors';

export function ProfileForm({
  user,
  details,
}: {
  user: PublicUser;
  details?: Partial<ProfileInput>;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileInput>({
    mode: 'controlled',
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: details?.phone ?? '',
      country: details?.country ?? '',
      city: details?.city ?? '',
      about: details?.about ?? '',
      youtubeExternalId: user.youtubeExternalId ?? '',
    },
    validate: {
      firstName: (v) => (v.trim() ? null : t('user.errors.firstNameRequired')),
      lastName: (v) => (v.trim() ? null : t('user.errors.lastNameRequired')),
      youtubeExternalId: (v) =>
        /^[A-Za-z0-9_-]*$/.test(v.trim()) ? null : t('user.errors.youtubeId'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setFormError(null);
    try {
      const { user: saved } = await updateProfile({
        ...values,
        youtubeExternalId: values.youtubeExternalId.trim() || undefined,
      });
      updateUser(saved);
      form.resetDirty();
      notify.success(t('user.account.saved'));
    } catch (error) {
      // keep what the user typed; show the server's reasons on their fields
      const { fields, message } = serverErrors(error);
      form.setErrors(fields);
      setFormError(message);
    } finally {
      setPending(false);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h4" mb="md">
        {t('user.account.profileTitle')}
      </Title>
      <form onSubmit={submit} noValidate>
        {formError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            mb="md"
            role="alert"
          >
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('user.fields.firstName')}
            required
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('user.fields.lastName')}
            required
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label={t('user.fields.email')}
            value={user.email}
            readOnly
            description={t('user.account.emailReadOnly')}
          />
          <TextInput
            label={t('user.fields.phone')}
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('user.fields.country')}
            autoComplete="country-name"
            {...form.getInputProps('country')}
          />
          <TextInput
            label={t('user.fields.city')}
            autoComplete="address-level2"
            {...form.getInputProps('city')}
          />
          <TextInput
            label={t('user.fields.youtubeExternalId')}
            description={t('user.account.youtubeHint')}
            {...form.getInputProps('youtubeExternalId')}
          />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={t('user.fields.about')}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('about')}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={pending} disabled={!form.isDirty()}>
            {t('user.account.save')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
