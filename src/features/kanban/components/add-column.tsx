import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './kanban.module.css';
import { NameForm } from './name-form';

/** The tile after the last column: a button that becomes a name field. */
export function AddColumn({ onAdd }: { onAdd: (name: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper className={classes.addColumn} p="xs" withBorder={open}>
      {open ? (
        <NameForm
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
