import { Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/i18n';

import { PLAN_IDS, PLANS, type PlanId } from '../../../../../server/contracts/plans';
import classes from './pricing.module.css';

type Cell = boolean | string;

/** Each row: its label key and what each plan has (true/false, or a value's key). */
const ROWS: { key: string; cells: Record<PlanId, Cell> }[] = [
  { key: 'users', cells: { free: 'users', team: 'users', business: 'users' } },
  { key: 'catalogue', cells: { free: true, team: true, business: true } },
  { key: 'apps', cells: { free: true, team: true, business: true } },
  { key: 'business', cells: { free: true, team: true, business: true } },
  { key: 'offline', cells: { free: true, team: true, business: true } },
  { key: 'languages', cells: { free: true, team: true, business: true } },
  { key: 'support', cells: { free: 'communitySupport', team: 'days2', business: 'days1' } },
  { key: 'onboarding', cells: { free: false, team: 'call30', business: 'importHelp' } },
  { key: 'advisories', cells: { free: false, team: true, business: true } },
  { key: 'sla', cells: { free: false, team: false, business: true } },
];

function CellValue({ plan, cell }: { plan: PlanId; cell: Cell }) {
  const { t } = useTranslation();
  if (cell === 'users') return <>{formatNumber(PLANS[plan].maxSeats)}</>;
  if (typeof cell === 'string') return <>{t(`marketing.pricing.compare.values.${cell}`)}</>;
  const Icon = cell ? IconCheck : IconMinus;
  return (
    <>
      <Icon size={20} className={cell ? classes.yes : classes.no} aria-hidden="true" />
      <VisuallyHidden>{t(cell ? 'marketing.pricing.compare.included' : 'marketing.pricing.compare.notIncluded')}</VisuallyHidden>
    </>
  );
}

export function PlanComparison() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="compare-title">
      <Title order={2} id="compare-title" ta="center" mb="lg">
        {t('marketing.pricing.compare.title')}
      </Title>
      <div className={classes.tableWrap}>
        <Table striped highlightOnHover verticalSpacing="sm" miw={560}>
          <Table.Caption>{t('marketing.pricing.compare.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('marketing.pricing.compare.feature')}</Table.Th>
              {PLAN_IDS.map((plan) => (
                <Table.Th key={plan} scope="col" ta="center">
                  {t(`marketing.pricing.plans.${plan}.name`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={500}>
                  <Text size="sm">{t(`marketing.pricing.compare.rows.${row.key}`)}</Text>
                </Table.Th>
                {PLAN_IDS.map((plan) => (
                  <Table.Td key={plan} ta="center">
                    <CellValue plan={plan} cell={row.cells[plan]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  );
}
