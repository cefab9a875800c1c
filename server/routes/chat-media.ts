// /api/chat images, behind the `requireUser` of chat.ts, which mounts them. New messages reach
// open tabs as notices on the one live stream, GET /api/live (docs/live.md).
import { Hono } from 'hono';

import { currentUser } from '../auth/middleware.ts';
import { readableChatAttachment } from '../chat/conversations.ts';
import type { AppEnv } from '../context.ts';
import { CHAT_IMAGE_TYPES, MAX_CHAT_IMAGE_BYTES } from '../contracts/chat.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { formFile } from '../lib/form-file.ts';
import { attachmentResponse, saveAttachment } from '../mail/attachment-store.ts';
import { fileForm, route } from '../openapi/route.ts';

export const chatMediaRoutes = new Hono<AppEnv>();

const chat = { tag: 'Chat', access: 'user' } as const;

const upload = route({
  ...chat,
  summary: 'Upload an image for a message (multipart, field "file").',
  form: fileForm,
  status: 201,
});
chatMediaRoutes.post('/attachments', upload, async (c) => {
  const file = await formFile(c, 'image');
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type))
    throw badRequest('Only PNG, JPEG, GIF and WebP images can be sent.', {
      file: 'Only PNG, JPEG, GIF and WebP images can be sent.',
    });
  if (file.size === 0 || file.size > MAX_CHAT_IMAGE_BYTES)
    throw badRequest('An image may be at most 10 MB.', { file: 'An image may be at most 10 MB.' });
  const attachment = await saveAttachment(c.var.deps, currentUser(c).id, file, {
    kind: 'chat',
    maxBytes: MAX_CHAT_IMAGE_BYTES,
    contentType: file.type,
    unnamed: 'image',
  });
  return c.json({ attachment }, 201);
});

// the id is checked here: a malformed one is a 400 with this message
const image = route({
  ...chat,
  summary: 'An image sent in one of my conversations.',
  produces: 'application/octet-stream',
});
chatMediaRoutes.get('/attachments/:id', image, async (c) => {
  const id = c.req.param('id');
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('Invalid attachment id.', { id: 'Invalid id.' });
  const row = await readableChatAttachment(c.var.deps.database.db, currentUser(c).id, id);
  if (!row) throw notFound('No such image.');
  const answer = await attachmentResponse(c.var.deps, c.req.raw, row, true);
  if (!answer) throw notFound('The file is missing.');
  return answer;
});
