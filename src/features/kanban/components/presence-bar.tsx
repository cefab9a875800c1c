// The people looking at the board now (presence), as a row of initials; each is named for
// screen readers, with the card they have open.
import { Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Viewer } from '../../../../server/contracts/live';
import { hue, initials } from './kanban-card';
import classes from './kanban.module.css';

export function PresenceBar({
  viewers,
  cardName,
}: {
  viewers: Viewer[];
  cardName: (id: string) => string | undefined;
}) {
  const { t } = useTranslation();
  if (!viewers.length) return null;
  return (
    <Group
      gap={0}
      component="ul"
      className={classes.presence}
      aria-label={t('kanban.presence.label')}
      data-testid="presence"
    >
      {viewers.map((viewer) => {
        const card = viewer.cardId ? cardName(viewer.cardId) : undefined;
        const label = card
          ? t('kanban.presence.viewerOnCard', { name: viewer.name, card })
          : t('kanban.presence.viewer', { name: viewer.name });
        return (
          <Tooltip key={viewer.userId} label={label} withArrow>
            <li
              className={classes.avatar}
              style={{
                backgroundColor: `hsl(${hue(viewer.name)} 55% 30%)`,
                width: 30,
                height: 30,
                fontSize: 12,
              }}
              aria-label={label}
              data-testid="presence-viewer"
            >
              <span aria-hidden="true">{initials(viewer.name)}</span>
            </li>
          </Tooltip>
        );
      })}
    </Group>
  );
}
