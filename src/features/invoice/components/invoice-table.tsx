import { Anchor, Checkbox, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { InvoiceListQuery, InvoiceSort, InvoiceSummary } from '../../../../server/contracts/invoice';
import classes from './invoice.module.css';
import { StatusBadge } from './status-badge';
import { useInvoiceFormat } from './use-invoice-format';

interface InvoiceTableProps {
  items: InvoiceSummary[];
  query: InvoiceListQuery;
  onSort: (sort: InvoiceSort) => void;
  selected: string[];
  onSelect: (ids: string[]) => void;
}

export function InvoiceTable({ items, query, onSort, selected, onSelect }: InvoiceTableProps) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const allSelected = items.length > 0 && items.every((i) => selected.includes(i.id));
  const issued = query.scope === 'issued';
  const header = (sort: InvoiceSort, label: string, numeric = false) => {
    const active = query.sort === sort;
    const Icon = !active ? IconSelector : query.order === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th
        className={numeric ? classes.numeric : undefined}
        aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <UnstyledButton onClick={() => onSort(sort)} aria-label={t('invoice.list.sortBy', { column: label })}>
          <Text span fw={600} size="sm">
            {label}
          </Text>{' '}
          <Icon size={14} style={{ verticalAlign: 'middle' }} aria-hidden="true" />
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="invoice-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('invoice.list.selectAll')}
                checked={allSelected}
                indeterminate={!allSelected && items.some((i) => selected.includes(i.id))}
                onChange={() =>
                  onSelect(allSelected ? selected.filter((id) => !items.some((i) => i.id === id)) : [...new Set([...selected, ...items.map((i) => i.id)])])
                }
              />
            </Table.Th>
            {header('number', t('invoice.list.number'))}
            {header('recipient', issued ? t('invoice.list.customer') : t('invoice.list.issuer'))}
            {header('issueDate', t('invoice.list.issueDate'))}
            {header('dueDate', t('invoice.list.dueDate'))}
            {header('total', t('invoice.list.amount'), true)}
            <Table.Th>{t('invoice.list.statusColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((invoice) => (
            <Table.Tr key={invoice.id} data-testid="invoice-row">
              <Table.Td>
                <Checkbox
                  aria-label={t('invoice.list.select', { number: invoice.numberLabel })}
                  checked={selected.includes(invoice.id)}
                  onChange={(e) =>
                    onSelect(e.currentTarget.checked ? [...selected, invoice.id] : selected.filter((id) => id !== invoice.id))
                  }
                />
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.dashboard.invoice.details.href(invoice.id)}
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {invoice.numberLabel}
                </Anchor>
                <VisuallyHidden>{t('invoice.list.lines', { count: invoice.itemCount })}</VisuallyHidden>
              </Table.Td>
              <Table.Td>
                <Text size="sm" dir="auto">
                  {issued ? invoice.recipient.name : invoice.issuerName}
                </Text>
                {issued && invoice.recipient.email ? (
                  <Text size="xs" c="dimmed">
                    {invoice.recipient.email}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{f.day(invoice.issueDate)}</Table.Td>
              <Table.Td>{f.day(invoice.dueDate)}</Table.Td>
              <Table.Td className={classes.numeric}>{f.money(invoice.total, invoice.currency)}</Table.Td>
              <Table.Td>
                <StatusBadge status={invoice.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
