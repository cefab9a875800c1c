import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { PAGING_MODES, usePagingMode } from '../filters/use-paging-mode';

/** Scroll on, or numbered pages: the listing's way of paging, remembered on this device. */
export function PagingSwitch() {
  const { t } = useTranslation();
  const { mode, setMode } = usePagingMode();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('catalogue.paging.label')}
      value={mode}
      onChange={setMode}
      data={PAGING_MODES.map((value) => ({ value, label: t(`catalogue.paging.${value}`) }))}
      data-testid="paging-switch"
    />
  );
}
