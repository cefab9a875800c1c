import {
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  NumberInput,
  Rating,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { PRODUCT_CATEGORIES, PRODUCT_GENDERS } from '../../../../server/contracts/shop-constants';
import type { ShopFilters } from './shop-filters';

/** The colours the filter offers (the demo catalogue's palette). */
export const FILTER_COLOURS = [
  '#000000',
  '#FFFFFF',
  '#E53935',
  '#1E88E5',
  '#43A047',
  '#FDD835',
  '#8E24AA',
  '#FB8C00',
] as const;

interface FilterPanelProps {
  filters: ShopFilters;
  onChange: (patch: Partial<ShopFilters>) => void;
  onClear: () => void;
}

const toggle = <T,>(list: T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

export function FilterPanel({ filters, onChange, onClear }: FilterPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Checkbox.Group
        label={t('shop.filters.category')}
        value={filters.category}
        onChange={(value) => onChange({ category: value })}
      >
        <Stack gap={6} mt={6}>
          {PRODUCT_CATEGORIES.map((c) => (
            <Checkbox key={c} value={c} label={t(`shop.categories.${c}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label={t('shop.filters.gender')}
        value={filters.gender}
        onChange={(value) => onChange({ gender: value })}
      >
        <Stack gap={6} mt={6}>
          {PRODUCT_GENDERS.map((g) => (
            <Checkbox key={g} value={g} label={t(`shop.genders.${g}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <div>
        <Text size="sm" fw={500} mb={6} id="shop-filter-colour">
          {t('shop.filters.colour')}
        </Text>
        <Group gap={8} role="group" aria-labelledby="shop-filter-colour">
          {FILTER_COLOURS.map((c) => {
            const on = filters.color.includes(c);
            return (
              <UnstyledButton
                key={c}
                aria-pressed={on}
                aria-label={t('shop.filters.colourNamed', { colour: c })}
                onClick={() => onChange({ color: toggle(filters.color, c) })}
              >
                <ColorSwatch color={c} size={26} withShadow>
                  {on ? <IconCheck size={14} color={c === '#FFFFFF' ? '#000' : '#fff'} /> : null}
                </ColorSwatch>
              </UnstyledButton>
            );
          })}
        </Group>
      </div>
      <div>
        <Text size="sm" fw={500} mb={6}>
          {t('shop.filters.price')}
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <NumberInput
            label={t('shop.filters.priceMin')}
            size="xs"
            min={0}
            decimalScale={2}
            value={filters.priceMin ?? ''}
            onChange={(v) => onChange({ priceMin: typeof v === 'number' ? v : null })}
          />
          <NumberInput
            label={t('shop.filters.priceMax')}
            size="xs"
            min={0}
            decimalScale={2}
            value={filters.priceMax ?? ''}
            onChange={(v) => onChange({ priceMax: typeof v === 'number' ? v : null })}
          />
        </Group>
      </div>
      <div>
        <Text size="sm" fw={500} mb={6} id="shop-filter-rating">
          {t('shop.filters.rating')}
        </Text>
        <Stack gap={4} role="radiogroup" aria-labelledby="shop-filter-rating">
          {[4, 3, 2, 1].map((r) => (
            <UnstyledButton
              key={r}
              role="radio"
              aria-checked={filters.rating === r}
              aria-label={t('shop.filters.ratingAtLeast', { count: r })}
              onClick={() => onChange({ rating: filters.rating === r ? null : r })}
            >
              <Group gap={6} wrap="nowrap">
                <Rating value={r} readOnly size="sm" />
                <Text size="xs" fw={filters.rating === r ? 700 : 400}>
                  {t('shop.filters.andUp')}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </div>
      <Button variant="default" onClick={onClear}>
        {t('shop.filters.clear')}
      </Button>
    </Stack>
  );
}
