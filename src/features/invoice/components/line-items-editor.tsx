import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { MAX_INVOICE_ITEMS } from '../../../../server/contracts/invoice';
import { currencyExponent } from '../../../../server/contracts/invoice-totals';
import { emptyItem, type InvoiceFormValues } from './form-values';
import { useInvoiceFormat } from './use-invoice-format';

interface LineItemsEditorProps {
  form: UseFormReturnType<InvoiceFormValues>;
  /** each line's live total (minor units) */
  lineTotals: number[];
}

/** A line that can be dragged by its handle (mouse, touch, or the keyboard: Space, arrows,
 *  Space), besides the move up/down buttons. */
function SortableLine({ id, n, children }: { id: string; n: number; children: ReactNode }) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="invoice-line"
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          mt={26}
          style={{ cursor: 'grab', touchAction: 'none' }}
          aria-label={t('invoice.form.dragItem', { n })}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        {children}
      </Group>
    </Paper>
  );
}

/** The invoice's lines: add, remove, reorder (drag, or move up and down), with each line's
 *  live total. */
export function LineItemsEditor({ form, lineTotals }: LineItemsEditorProps) {
  const { t } = useTranslation();
  const f = useInvoiceFormat();
  const { items, currency } = form.values;
  const decimals = currencyExponent(currency);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) form.reorderListItem('items', { from, to });
  };
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('invoice.form.items')}</Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          {items.map((item, index) => {
            const n = index + 1;
            return (
              <SortableLine key={item.id} id={item.id} n={n}>
                <Text c="dimmed" size="sm" pt={30} w={20} aria-hidden="true">
                  {n}
                </Text>
                <Stack gap="xs" style={{ flex: '1 1 260px' }}>
                  <TextInput
                    label={t('invoice.form.itemTitle')}
                    required
                    {...form.getInputProps(`items.${index}.title`)}
                  />
                  <Textarea
                    label={t('invoice.form.itemDescription')}
                    rows={1}
                    {...form.getInputProps(`items.${index}.description`)}
                  />
                </Stack>
                <NumberInput
                  label={t('invoice.form.quantity')}
                  w={110}
                  min={0}
                  decimalScale={2}
                  {...form.getInputProps(`items.${index}.quantity`)}
                />
                <NumberInput
                  label={t('invoice.form.unitPrice')}
                  required
                  w={140}
                  min={0}
                  decimalScale={decimals}
                  fixedDecimalScale={false}
                  thousandSeparator
                  {...form.getInputProps(`items.${index}.unitPrice`)}
                />
                <Stack gap={4} w={130} align="flex-end">
                  <Text size="sm" fw={500}>
                    {t('invoice.form.lineTotal')}
                  </Text>
                  <Text ff="monospace" pt={6} data-testid={`line-total-${index}`}>
                    {f.money(lineTotals[index] ?? 0, currency)}
                  </Text>
                </Stack>
                <Group gap={4} pt={26} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('invoice.form.moveUp', { n })}
                    disabled={index === 0}
                    onClick={() => form.reorderListItem('items', { from: index, to: index - 1 })}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('invoice.form.moveDown', { n })}
                    disabled={index === items.length - 1}
                    onClick={() => form.reorderListItem('items', { from: index, to: index + 1 })}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('invoice.form.removeItem', { n })}
                    disabled={items.length === 1}
                    onClick={() => form.removeListItem('items', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </SortableLine>
            );
          })}
        </SortableContext>
      </DndContext>
      {typeof form.errors.items === 'string' ? (
        <Text c="red" size="sm">
          {form.errors.items}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={items.length >= MAX_INVOICE_ITEMS}
          onClick={() => form.insertListItem('items', emptyItem())}
        >
          {t('invoice.form.addItem')}
        </Button>
      </Group>
    </Stack>
  );
}
