import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import classes from './kanban.module.css';

/** Three columns of placeholder cards while the board is first read from the device. */
export function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className={classes.board}
      role="status"
      aria-busy="true"
      aria-label={t('kanban.loading')}
      data-testid="board-loading"
    >
      {[4, 2, 3].map((count, column) => (
        <div key={column} className={classes.column}>
          <Stack p="sm" gap="sm">
            <Skeleton height={20} width="50%" />
            {Array.from({ length: count }, (_, i) => (
              <Skeleton key={i} height={72} radius="sm" />
            ))}
          </Stack>
        </div>
      ))}
    </div>
  );
}
