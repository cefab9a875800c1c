import {
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconFolderFilled,
  IconMovie,
  IconMusic,
  IconPhoto,
} from '@tabler/icons-react';

import type { FileItem } from '../../../../server/contracts/files';

export function FileIcon({
  item,
  size = 20,
}: {
  item: Pick<FileItem, 'kind' | 'category' | 'contentType'>;
  size?: number;
}) {
  if (item.kind === 'folder')
    return (
      <IconFolderFilled size={size} color="var(--mantine-color-yellow-5)" aria-hidden="true" />
    );
  if (item.contentType === 'application/pdf')
    return <IconFileTypePdf size={size} color="var(--mantine-color-red-6)" aria-hidden="true" />;
  switch (item.category) {
    case 'image':
      return <IconPhoto size={size} color="var(--mantine-color-teal-6)" aria-hidden="true" />;
    case 'video':
      return <IconMovie size={size} color="var(--mantine-color-violet-6)" aria-hidden="true" />;
    case 'audio':
      return <IconMusic size={size} color="var(--mantine-color-pink-6)" aria-hidden="true" />;
    case 'text':
    case 'document':
      return <IconFileText size={size} color="var(--mantine-color-blue-6)" aria-hidden="true" />;
    default:
      return <IconFile size={size} aria-hidden="true" />;
  }
}
