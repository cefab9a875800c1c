import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { newColumnSchema } from '../../../../server/contracts/kanban';

/** The error key for a column or card name, or null when the name is valid. */
export function nameError(name: string): 'required' | 'tooLong' | null {
  const result = newColumnSchema.shape.name.safeParse(name);
  if (result.success) return null;
  return result.error.issues[0]?.code === 'too_big' ? 'tooLong' : 'required';
}

interface NameFormProps {
  initial?: string;
  label: string;
  submitLabel: string;
  placeholder?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
  /** keep the field open and empty after a submit (adding several in a row) */
  keepOpen?: boolean;
  testId?: string;
}

/** A one-line name field: Enter saves, Escape cancels, errors on the field. */
export function NameForm({
  initial = '',
  label,
  submitLabel,
  placeholder,
  onSubmit,
  onCancel,
  keepOpen,
  testId,
}: NameFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = () => {
    const problem = nameError(value);
    if (problem) {
      setError(t(`kanban.errors.name.${problem}`));
      return;
    }
    onSubmit(value.trim());
    if (keepOpen) setValue('');
  };
  return (
    <form
      style={{ flex: 1, minWidth: 0 }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          size="xs"
          ref={input}
          aria-label={label}
          placeholder={placeholder}
          value={value}
          error={error}
          data-testid={testId}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        <ActionIcon type="submit" variant="filled" size="md" aria-label={submitLabel}>
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          aria-label={t('kanban.actions.cancel')}
          onClick={onCancel}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </form>
  );
}
