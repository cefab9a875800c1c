import {
  Alert,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  USER_ROLES,
  USER_STATUSES,
  type AdminUserForm,
  type UserRole,
  type UserStatus,
} from '../../../../server/contracts/user';
import { serverErrors } from './form-errors';
import { translateFieldError, validateUserForm, type UserFormMode } from './user-form-values';

interface UserFormProps {
  mode: UserFormMode;
  initial: AdminUserForm;
  submitLabel: string;
  /** The admin editing their own account: role and status are locked. */
  self?: boolean;
  onSubmit: (values: AdminUserForm) => Promise<unknown>;
}

/** The admin's user form, validated with the server's schema; server errors land on their fields and nothing typed is lost. */
export function UserForm({ mode, initial, submitLabel, self = false, onSubmit }: UserFormProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminUserForm>({
    mode: 'controlled',
    initialValues: initial,
    validate: validateUserForm(mode, t),
  });
  const v = form.values;
  const name = `${v.firstName} ${v.lastName}`.trim();

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setFormError(null);
    try {
      await onSubmit(values);
      form.resetDirty(values);
    } catch (error) {
      const { fields, message } = serverErrors(error);
      form.setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([field, text]) => [field, translateFieldError(t, text)]),
        ),
      );
      setFormError(
        message === 'Something went wrong'
          ? t('common.errors.generic')
          : translateFieldError(t, message),
      );
    } finally {
      setSaving(false);
    }
  });

  const choice = (
    field: 'role' | 'status',
    values: readonly string[],
    label: string,
    set: (value: string) => void,
  ) => (
    <Input.Wrapper label={label} error={form.errors[field]} id={`user-${field}`} labelElement="div">
      <SegmentedControl
        fullWidth
        mt={4}
        disabled={self}
        aria-labelledby={`user-${field}-label`}
        data={values.map((value) => ({
          value,
          label: t(field === 'role' ? `user.roles.${value}` : `user.manage.statuses.${value}`),
        }))}
        value={v[field]}
        onChange={set}
      />
    </Input.Wrapper>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} size="h4" mb="md">
            {t('user.manage.identity')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('user.fields.firstName')}
              required
              autoComplete="off"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('user.fields.lastName')}
              required
              autoComplete="off"
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label={t('user.fields.email')}
              required
              type="email"
              autoComplete="off"
              description={
                mode === 'create' ? t('user.manage.emailHint') : t('user.manage.emailChangeHint')
              }
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} size="h4" mb="md">
            {t('user.manage.access')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <div>
              {choice('role', USER_ROLES, t('user.manage.role'), (value) =>
                form.setFieldValue('role', value as UserRole),
              )}
              <Text size="xs" c="dimmed" mt={6}>
                {t(`user.manage.roleHelp.${v.role}`)}
              </Text>
            </div>
            <div>
              {choice('status', USER_STATUSES, t('user.manage.status'), (value) =>
                form.setFieldValue('status', value as UserStatus),
              )}
              <Text size="xs" c="dimmed" mt={6}>
                {t(`user.manage.statusHelp.${v.status}`)}
              </Text>
            </div>
          </SimpleGrid>
          {self ? (
            <Alert mt="md" variant="light" color="gray" icon={<IconLock size={18} />}>
              {t('user.manage.selfLocked')}
            </Alert>
          ) : mode === 'edit' && v.status === 'banned' && initial.status !== 'banned' ? (
            <Alert mt="md" variant="light" color="red" icon={<IconAlertTriangle size={18} />}>
              {t('user.manage.banWarning', { name })}
            </Alert>
          ) : mode === 'edit' && initial.role === 'admin' && v.role === 'user' ? (
            <Alert mt="md" variant="light" color="orange" icon={<IconAlertTriangle size={18} />}>
              {t('user.manage.demoteWarning', { name })}
            </Alert>
          ) : null}
        </Paper>

        {mode === 'edit' ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Title order={2} size="h4" mb="md">
              {t('user.manage.profile')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label={t('user.fields.phone')}
                autoComplete="off"
                {...form.getInputProps('phone')}
              />
              <TextInput
                label={t('user.fields.country')}
                autoComplete="off"
                {...form.getInputProps('country')}
              />
              <TextInput
                label={t('user.fields.city')}
                autoComplete="off"
                {...form.getInputProps('city')}
              />
            </SimpleGrid>
            <Textarea
              mt="md"
              label={t('user.manage.about')}
              minRows={3}
              {...form.getInputProps('about')}
            />
          </Paper>
        ) : null}

        <Group justify="flex-end">
          <Button type="submit" loading={saving} disabled={mode === 'edit' && !form.isDirty()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
