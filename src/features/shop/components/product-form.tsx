import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  ColorInput,
  ColorSwatch,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError, getErrorMessage } from '@/lib/api-client';

import {
  CURRENCIES,
  PRODUCT_CATEGORIES,
  PRODUCT_GENDERS,
  PRODUCT_SIZES,
  type ProductInput,
} from '../../../../server/contracts/shop';
import { slugify } from '../../../../server/contracts/slug';
import { DescriptionEditor } from './description-editor';
import { FILTER_COLOURS } from './filter-panel';
import { ImageUploader } from './image-uploader';
import { validateProductForm, type ProductFormValues } from './product-form-values';

interface ProductFormProps {
  initial: ProductFormValues;
  submitLabel: string;
  onSubmit: (input: ProductInput) => Promise<unknown>;
}

/** The admin product form: validated with the server's own schema before it is sent; a
 *  server error naming a field shows on that field, and nothing typed is lost. */
export function ProductForm({ initial, submitLabel, onSubmit }: ProductFormProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [colourDraft, setColourDraft] = useState('');
  const form = useForm<ProductFormValues>({
    initialValues: initial,
    validate: (values) => validateProductForm(values).errors ?? {},
  });
  const v = form.values;

  const submit = form.onSubmit(async (values) => {
    const checked = validateProductForm(values);
    if (!checked.input) return;
    setSaving(true);
    setFormError(null);
    try {
      await onSubmit(checked.input);
    } catch (error) {
      if (error instanceof ApiRequestError) form.setErrors(error.fields);
      const message = getErrorMessage(error);
      setFormError(message === 'Something went wrong' ? t('common.errors.generic') : message);
    } finally {
      setSaving(false);
    }
  });

  const addColour = (value: string) => {
    const hex = value.trim().toUpperCase();
    if (!/^#[0-9A-F]{6}$/.test(hex) || v.colors.includes(hex)) return;
    form.setFieldValue('colors', [...v.colors, hex]);
    setColourDraft('');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p="md">
            <Stack gap="md">
              <Title order={2} size="h5">
                {t('shop.form.details')}
              </Title>
              <TextInput label={t('shop.form.name')} required {...form.getInputProps('name')} />
              <TextInput
                label={t('shop.form.slug')}
                description={t('shop.form.slugHint')}
                placeholder={slugify(v.name)}
                {...form.getInputProps('slug')}
              />
              <DescriptionEditor
                label={t('shop.form.description')}
                value={v.description}
                onChange={(html) => form.setFieldValue('description', html)}
                error={form.errors.description}
              />
              <ImageUploader
                value={v.images}
                onChange={(urls) => form.setFieldValue('images', urls)}
                error={form.errors.images}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Title order={2} size="h5">
                  {t('shop.form.properties')}
                </Title>
                <Select
                  label={t('shop.form.category')}
                  required
                  data={PRODUCT_CATEGORIES.map((c) => ({
                    value: c,
                    label: t(`shop.categories.${c}`),
                  }))}
                  {...form.getInputProps('category')}
                />
                <Select
                  label={t('shop.form.gender')}
                  required
                  data={PRODUCT_GENDERS.map((g) => ({ value: g, label: t(`shop.genders.${g}`) }))}
                  {...form.getInputProps('gender')}
                />
                <TagsInput
                  label={t('shop.form.sizes')}
                  data={[...PRODUCT_SIZES]}
                  {...form.getInputProps('sizes')}
                />
                <div>
                  <ColorInput
                    label={t('shop.form.colours')}
                    required
                    format="hex"
                    swatches={[...FILTER_COLOURS]}
                    swatchesPerRow={8}
                    value={colourDraft}
                    onChange={setColourDraft}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      addColour(colourDraft);
                    }}
                    closeOnColorSwatchClick
                    rightSectionWidth={44}
                    rightSection={
                      <ActionIcon
                        variant="light"
                        aria-label={t('shop.form.addColour')}
                        disabled={!/^#[0-9a-fA-F]{6}$/.test(colourDraft.trim())}
                        onClick={() => addColour(colourDraft)}
                      >
                        <IconPlus size={16} />
                      </ActionIcon>
                    }
                    error={form.errors.colors}
                    placeholder="#RRGGBB"
                  />
                  {v.colors.length ? (
                    <Group gap={6} mt={8} role="list" aria-label={t('shop.form.chosenColours')}>
                      {v.colors.map((c) => (
                        <Badge
                          key={c}
                          role="listitem"
                          variant="default"
                          size="lg"
                          tt="none"
                          leftSection={<ColorSwatch color={c} size={12} />}
                          rightSection={
                            <CloseButton
                              size="xs"
                              aria-label={t('shop.form.removeColour', { colour: c })}
                              onClick={() =>
                                form.setFieldValue(
                                  'colors',
                                  v.colors.filter((x) => x !== c),
                                )
                              }
                            />
                          }
                        >
                          <span dir="ltr">{c}</span>
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                </div>
                <TagsInput label={t('shop.form.tags')} {...form.getInputProps('tags')} />
                <NumberInput
                  label={t('shop.form.stock')}
                  required
                  min={0}
                  allowDecimal={false}
                  {...form.getInputProps('stock')}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="md">
                <Title order={2} size="h5">
                  {t('shop.form.pricing')}
                </Title>
                <Select
                  label={t('shop.form.currency')}
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
                <NumberInput
                  label={t('shop.form.price')}
                  required
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  {...form.getInputProps('price')}
                />
                <NumberInput
                  label={t('shop.form.priceSale')}
                  description={t('shop.form.priceSaleHint')}
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  {...form.getInputProps('priceSale')}
                />
                <Switch
                  label={t('shop.form.published')}
                  {...form.getInputProps('published', { type: 'checkbox' })}
                />
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {formError ? (
        <Alert color="red" variant="light" role="alert" mt="lg">
          {formError}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
