import { Alert, Anchor, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '@/config/paths';
import { Link } from '@/lib/nav';

import { requestAccess } from '../api/account-requests';
import { AuthHeading } from '../components/auth-heading';
import { SentState } from '../components/sent-state';
import { mapServerError } from '../components/server-error';
import { useAuthForm } from '../components/use-auth-form';
import { emailError, requiredError } from '../components/validators';

export default function RequestAccessPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useAuthForm({
    initialValues: { name: '', email: '', company: '', message: '' },
    validate: { name: requiredError(t, 'auth.validation.nameRequired'), email: emailError(t) },
  });

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    setFormError(null);
    try {
      await requestAccess({
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim() || undefined,
        message: values.message.trim() || undefined,
      });
      setSent(true);
    } catch (error) {
      const mapped = mapServerError(error, t);
      form.setErrors(mapped.fields);
      setFormError(mapped.message);
    } finally {
      setPending(false);
    }
  });

  if (sent)
    return (
      <SentState
        icon={<IconMailCheck size={36} />}
        title={t('auth.requestAccess.sentTitle')}
        body={t('auth.requestAccess.sentBody', { email: form.values.email.trim() })}
        action={t('auth.backToLogin')}
        to={paths.auth.login.path}
      />
    );

  return (
    <>
      <AuthHeading title={t('auth.requestAccess.title')}>{t('auth.requestAccess.subtitle')}</AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextInput label={t('auth.fields.name')} autoComplete="name" required size="md" {...form.getInputProps('name')} />
          <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required size="md" {...form.getInputProps('email')} />
          <TextInput label={t('auth.fields.company')} autoComplete="organization" size="md" {...form.getInputProps('company')} />
          <Textarea label={t('auth.fields.message')} autosize minRows={3} maxRows={8} size="md" {...form.getInputProps('message')} />
          <Button type="submit" size="md" fullWidth loading={pending}>
            {t('auth.requestAccess.submit')}
          </Button>
          <Anchor component={Link} to={paths.auth.login.path} size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
