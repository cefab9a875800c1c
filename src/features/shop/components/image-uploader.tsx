import '@mantine/dropzone/styles.layer.css';

import {
  ActionIcon,
  Badge,
  Group,
  Image,
  Input,
  Loader,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { getErrorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

import {
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_IMAGE_TYPES,
} from '../../../../server/contracts/shop';
import { uploadProductImage } from '../api/shop-api';
import classes from './shop.module.css';

/** Dropzone → POST /api/products/images; tiles in order (the first is the cover), each can be
 *  moved earlier or later, or removed. */
export function ImageUploader({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(0);
  const room = MAX_PRODUCT_IMAGES - value.length;

  const upload = async (files: File[]) => {
    const take = files.slice(0, Math.max(0, room));
    if (files.length > take.length)
      notify.warning(t('shop.form.tooManyImages', { count: MAX_PRODUCT_IMAGES }));
    setUploading((n) => n + take.length);
    let urls = value;
    for (const file of take) {
      try {
        const { url } = await uploadProductImage(file);
        urls = [...urls, url];
        onChange(urls);
      } catch (err) {
        notify.error(getErrorMessage(err));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const rejected = (rejections: FileRejection[]) => {
    for (const r of rejections) notify.error(t('shop.form.imageRejected', { name: r.file.name }));
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  return (
    <Input.Wrapper
      label={t('shop.form.images')}
      error={error}
      description={t('shop.form.imagesHint')}
    >
      <Stack gap="sm" mt={6}>
        <Dropzone
          onDrop={(files) => void upload(files)}
          onReject={rejected}
          accept={[...PRODUCT_IMAGE_TYPES]}
          maxSize={MAX_PRODUCT_IMAGE_BYTES}
          disabled={room <= 0}
          loading={uploading > 0}
          aria-label={t('shop.form.dropImages')}
        >
          <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
            <IconPhoto size={32} stroke={1.5} />
            <div>
              <Text size="sm" fw={500}>
                {t('shop.form.dropImages')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('shop.form.imageRules', { count: MAX_PRODUCT_IMAGES })}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {value.length || uploading ? (
          <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs" data-testid="image-tiles">
            {value.map((url, i) => (
              <div key={url} className={classes.imageTile}>
                <Image src={url} alt={t('shop.form.imageN', { n: i + 1 })} h={96} fit="cover" />
                {i === 0 ? (
                  <Badge size="xs" className={classes.coverBadge}>
                    {t('shop.form.cover')}
                  </Badge>
                ) : null}
                <Group gap={2} className={classes.imageTileActions}>
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={t('shop.form.moveEarlier', { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <IconArrowLeft size={14} className={classes.flip} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={t('shop.form.moveLater', { n: i + 1 })}
                    disabled={i === value.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <IconArrowRight size={14} className={classes.flip} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    color="red"
                    variant="filled"
                    aria-label={t('shop.form.removeImage', { n: i + 1 })}
                    onClick={() => onChange(value.filter((_, j) => j !== i))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              </div>
            ))}
            {Array.from({ length: uploading }, (_, i) => (
              <Group key={`up-${i}`} justify="center" h={96}>
                <Loader size="sm" />
              </Group>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
