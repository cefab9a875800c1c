import '@mantine/dropzone/styles.layer.css';

import { Button, Group, Input, Loader, Overlay, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiRequestError, getErrorMessage } from '@/lib/api-client';

import { COVER_TYPES, MAX_COVER_BYTES } from '../../../../server/contracts/blog';
import { uploadCover } from '../api/blog-api';
import classes from './blog.module.css';

interface CoverUploadProps {
  url: string | null;
  onChange: (cover: { id: string; url: string } | null) => void;
  error?: string;
}

/** Drop or pick a PNG, JPEG or WebP image (5 MB at most); it shows at once, uploads, and can
 *  be replaced or removed. */
export function CoverUpload({ url, onChange, error }: CoverUploadProps) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  async function upload(file: File) {
    setProblem(null);
    setLocal(URL.createObjectURL(file));
    setUploading(true);
    try {
      const { cover } = await uploadCover(file);
      onChange({ id: cover.id, url: cover.url });
    } catch (err) {
      setLocal(null);
      setProblem(err instanceof ApiRequestError && err.fields.file ? err.fields.file : getErrorMessage(err));
    } finally {
      setUploading(false);
    }
  }

  const rejected = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setProblem(code === 'file-too-large' ? t('blog.cover.tooBig', { size: MAX_COVER_BYTES / 1024 / 1024 }) : t('blog.cover.wrongType'));
  };

  const shown = local ?? url;
  return (
    <Input.Wrapper label={t('blog.cover.label')} description={t('blog.cover.hint')} error={problem ?? error}>
      <Stack gap="xs" mt={6}>
        <Dropzone
          onDrop={(files) => files[0] && void upload(files[0])}
          onReject={rejected}
          accept={[...COVER_TYPES]}
          maxSize={MAX_COVER_BYTES}
          multiple={false}
          radius="lg"
          className={classes.coverDrop}
          data-testid="cover-dropzone"
          aria-label={t('blog.cover.pick')}
        >
          {shown ? (
            <div style={{ position: 'relative', pointerEvents: 'none' }}>
              <img src={shown} alt={t('blog.cover.preview')} className={classes.cover} data-testid="cover-preview" />
              {uploading ? (
                <Overlay center radius="lg" backgroundOpacity={0.45}>
                  <Loader color="white" size="sm" role="status" aria-label={t('blog.cover.uploading')} />
                </Overlay>
              ) : null}
            </div>
          ) : (
            <Stack align="center" justify="center" gap={6} mih={160} p="md" style={{ pointerEvents: 'none' }}>
              <IconPhoto size={32} stroke={1.5} aria-hidden="true" />
              <Text size="sm" ta="center">
                {t('blog.cover.drop')}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {t('blog.cover.types', { size: MAX_COVER_BYTES / 1024 / 1024 })}
              </Text>
            </Stack>
          )}
        </Dropzone>
        {shown && !uploading ? (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => {
                setLocal(null);
                onChange(null);
              }}
            >
              {t('blog.cover.remove')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
