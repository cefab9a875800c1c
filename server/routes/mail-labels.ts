// /api/mail labels and attachments, behind the `requireUser` of mail.ts, which mounts them.
import { Hono } from 'hono';

import { currentUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  labelCreateSchema,
  labelDeleteSchema,
  labelUpdateSchema,
  MAX_ATTACHMENT_BYTES,
} from '../contracts/mail.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { formFile } from '../lib/form-file.ts';
import { attachmentResponse, saveAttachment } from '../mail/attachment-store.ts';
import { canReadMailAttachment } from '../mail/delivery.ts';
import { createLabel, deleteLabel, updateLabel } from '../mail/labels.ts';
import { fileForm, routeGroup } from '../openapi/route.ts';

export const mailLabelRoutes = new Hono<AppEnv>();

const mailRoute = routeGroup({ tag: 'Mail', access: 'user' });
const ATTACHMENT_ID = /^[0-9a-f-]{36}$/;
/** Attachments a browser may show in the page; anything else is a download. */
const INLINE = /^image\/(png|jpeg|gif|webp)$/;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

mailLabelRoutes.post(
  '/labels/new',
  mailRoute('Create a label.', { body: labelCreateSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    const label = await createLabel(c.var.deps.database.db, currentUser(c).id, input);
    return c.json({ label }, 201);
  },
);

mailLabelRoutes.post(
  '/labels/update',
  mailRoute('Rename or recolour a label.', { body: labelUpdateSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json({ label: await updateLabel(c.var.deps.database.db, currentUser(c).id, input) });
  },
);

mailLabelRoutes.post(
  '/labels/delete',
  mailRoute('Delete a label.', { body: labelDeleteSchema }),
  async (c) => {
    const input = c.req.valid('json');
    await deleteLabel(c.var.deps.database.db, currentUser(c).id, input);
    return c.json({ labelId: input.labelId });
  },
);

const upload = mailRoute('Upload an attachment for a draft (multipart, field "file").', {
  form: fileForm,
  status: 201,
});
mailLabelRoutes.post('/attachments', upload, async (c) => {
  const file = await formFile(c, 'file');
  if (file.size === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  if (file.size > MAX_ATTACHMENT_BYTES)
    throw badRequest('A file may be at most 10 MB.', { file: 'A file may be at most 10 MB.' });
  const attachment = await saveAttachment(c.var.deps, currentUser(c).id, file, {
    kind: 'mail',
    maxBytes: MAX_ATTACHMENT_BYTES,
    contentType: CONTENT_TYPE.test(file.type) ? file.type : 'application/octet-stream',
    unnamed: 'file',
  });
  return c.json({ attachment }, 201);
});

// the id is checked by the handler: a malformed one is a 400 with its own message
const download = mailRoute('Download an attachment of a mail I can read.', {
  produces: 'application/octet-stream',
});
mailLabelRoutes.get('/attachments/:id', download, async (c) => {
  const id = c.req.param('id');
  if (!ATTACHMENT_ID.test(id)) throw badRequest('Invalid attachment id.', { id: 'Invalid id.' });
  const row = await canReadMailAttachment(c.var.deps.database.db, currentUser(c).id, id);
  if (!row) throw notFound('No such attachment.');
  const answer = await attachmentResponse(c.var.deps, c.req.raw, row, INLINE.test(row.contentType));
  if (!answer) throw notFound('The file is missing.');
  return answer;
});
