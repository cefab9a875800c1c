import { Anchor, Group, TagsInput, type TagsInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ComposeDraft } from '../local/compose-draft';
import { normaliseAddresses } from './compose-form';

const addressInput: Partial<TagsInputProps> = {
  splitChars: [',', ' ', ';'],
  acceptValueOnBlur: true,
  comboboxProps: { withinPortal: true, zIndex: 400 },
};

/** To, and Cc / Bcc once asked for (or when the draft has some). */
export function ComposeRecipients({
  form,
  suggestions,
}: {
  form: UseFormReturnType<ComposeDraft>;
  suggestions: string[];
}) {
  const { t } = useTranslation();
  const { to, cc, bcc } = form.values;
  const [showCc, setShowCc] = useState(cc.length > 0 || bcc.length > 0);
  const field = (key: 'to' | 'cc' | 'bcc') => ({
    ...addressInput,
    value: form.values[key],
    onChange: (value: string[]) => form.setFieldValue(key, normaliseAddresses(value)),
    data: suggestions,
    error: form.errors[key],
  });
  return (
    <>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TagsInput
          {...field('to')}
          flex={1}
          label={t('mail.compose.to')}
          placeholder={to.length ? undefined : t('mail.compose.addressHint')}
          clearable
          data-testid="compose-to"
        />
        {showCc ? null : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            mt={28}
            onClick={() => setShowCc(true)}
          >
            {t('mail.compose.ccBcc')}
          </Anchor>
        )}
      </Group>
      {showCc ? (
        <>
          <TagsInput {...field('cc')} label={t('mail.compose.cc')} />
          <TagsInput {...field('bcc')} label={t('mail.compose.bcc')} />
        </>
      ) : null}
    </>
  );
}
