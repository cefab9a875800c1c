// The file of an upload sent as multipart/form-data in the field `file`. A body that is not
// such a form, or has no file in that field, is a 400 naming `file`.
import type { Context } from 'hono';

import { badRequest } from './errors.ts';

export async function formFile(c: Context, what: 'file' | 'image'): Promise<File> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest(`Send the ${what} as multipart/form-data.`, { file: 'Missing file.' });
  }
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('Missing file.', { file: 'Missing file.' });
  return file;
}
