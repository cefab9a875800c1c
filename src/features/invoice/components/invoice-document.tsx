import { Badge, Divider, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Invoice } from '../../../../server/contracts/invoice';
import { invoiceTotals } from '../../../../server/contracts/invoice-totals';
import classes from './invoice.module.css';
import { StatusBadge } from './status-badge';
import { TotalsSummary } from './totals-summary';
import { useInvoiceFormat } from './use-invoice-format';

/** The invoice as a document (what the PDF shows), with its totals from the shared function. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const totals = invoiceTotals(invoice);
  const party = (label: string, p: Invoice['issuer']) => (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600} dir="auto">
        {p.name}
      </Text>
      {p.email ? (
        <Text size="sm" c="dimmed" dir="auto">
          {p.email}
        </Text>
      ) : null}
      {p.address ? (
        <Text size="sm" c="dimmed" className={classes.preLine} dir="auto">
          {p.address}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" className={classes.document} data-testid="invoice-document">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} c="blue">
              {t('invoice.doc.invoice')}
            </Title>
            <Text fw={600} data-testid="invoice-number">
              {invoice.numberLabel}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <StatusBadge status={invoice.status} />
            {invoice.paidAt ? (
              <Badge variant="outline" color="green">
                {t('invoice.doc.paidOn', { date: f.day(invoice.paidAt) })}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>{party(t('invoice.doc.from'), invoice.issuer)}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{party(t('invoice.doc.billTo'), invoice.recipient)}</Grid.Col>
        </Grid>
        <Group gap="xl">
          {[
            [t('invoice.form.issueDate'), f.day(invoice.issueDate)],
            [t('invoice.form.dueDate'), f.day(invoice.dueDate)],
            [t('invoice.form.currency'), invoice.currency],
          ].map(([label, value]) => (
            <Stack gap={2} key={label}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </Stack>
          ))}
        </Group>
        <Table.ScrollContainer minWidth={520}>
          <Table className={classes.table} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32}>#</Table.Th>
                <Table.Th>{t('invoice.doc.item')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('invoice.doc.quantity')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('invoice.doc.unitPrice')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('invoice.doc.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.items.map((item, i) => (
                <Table.Tr key={item.id}>
                  <Table.Td c="dimmed">{i + 1}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm" dir="auto">
                      {item.title}
                    </Text>
                    {item.description ? (
                      <Text size="xs" c="dimmed" className={classes.preLine} dir="auto">
                        {item.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{f.quantity(item.quantity)}</Table.Td>
                  <Table.Td className={classes.numeric}>{f.money(item.unitPrice, invoice.currency)}</Table.Td>
                  <Table.Td className={classes.numeric} data-testid={`doc-line-${i}`}>
                    {f.money(totals.lines[i] ?? 0, invoice.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <TotalsSummary totals={totals} currency={invoice.currency} taxRate={invoice.taxRate} />
        </Group>
        {invoice.notes ? (
          <>
            <Divider />
            <Stack gap={4}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                {t('invoice.doc.notes')}
              </Text>
              <Text size="sm" className={classes.preLine} dir="auto">
                {invoice.notes}
              </Text>
            </Stack>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
