import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './kanban.module.css';
import { NameFormPart } from './name-form-part';

/** The tile after the last column (or, inline, in the empty state): a button that becomes a name field. */
export function AddColumn({ onAdd, inline }: { onAdd: (name: string) => void; inline?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper
      className={inline ? undefined : classes.addColumn}
      w={inline ? 280 : undefined}
      p="xs"
      withBorder={open}
      bg={open ? undefined : 'transparent'}
    >
      {open ? (
        <NameFormPart
          wanted
          label={t('kanban.column.nameLabel')}
          placeholder={t('kanban.column.namePlaceholder')}
          submitLabel={t('kanban.column.add')}
          onSubmit={(name) => {
            onAdd(name);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
          testId="new-column-name"
        />
      ) : (
        <Button
          variant="light"
          fullWidth
          leftSection={<IconPlus size={16} />}
          onClick={() => setOpen(true)}
          data-testid="add-column"
        >
          {t('kanban.column.add')}
        </Button>
      )}
    </Paper>
  );
}
