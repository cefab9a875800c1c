// The blog, the booking pages and the file manager.
import { z } from 'zod';

import {
  commentIdSchema,
  commentInputSchema,
  commentListQuery,
  postIdSchema,
  postInputSchema,
  postListQuery,
  postUpdateSchema,
  publishSchema,
  slugQuery,
} from '../contracts/blog.ts';
import {
  bookingInputSchema,
  bookingListSchema,
  bookingPageInputSchema,
  bookingIdParam,
  bookingPageNumber,
  bookingStatsSchema,
  cancelCodeSchema,
  slotRangeSchema,
} from '../contracts/booking.ts';
import {
  downloadRecordSchema,
  favouriteSchema,
  fileListQuery,
  fileName,
  folderCreateSchema,
  idsSchema,
  moveSchema,
  renameSchema,
  shareSchema,
} from '../contracts/files.ts';
import { LINK_VARIANTS } from '../files/links.ts';
import { safeUploadName } from '../files/tus.ts';
import { fileForm, slugParam, uuidParam, type RouteDoc } from './registry.ts';

type Extra = Partial<RouteDoc>;
const route =
  (tag: string, base: string, access: RouteDoc['access']) =>
  (method: RouteDoc['method'], path: string, summary: string, extra: Extra = {}): RouteDoc => ({
    method,
    path: `${base}${path}`,
    tag,
    summary,
    access,
    ...extra,
  });

const blog = route('Blog', '/api/blog', 'user');
const blogRead = route('Blog', '/api/blog', 'optional');
const booking = route('Booking', '/api/booking', 'user');
const bookingPublic = route('Booking', '/api/booking', 'public');
const files = route('Files', '/api/files', 'user');
const id = uuidParam();

export const contentRoutes: RouteDoc[] = [
  blogRead('GET', '/posts', 'Published posts (and my drafts when signed in), paged.', {
    query: postListQuery,
  }),
  blogRead('GET', '/post', 'One post by URL name.', { query: slugQuery }),
  blogRead('POST', '/posts/view', 'Count a view of a post.', { body: postIdSchema }),
  blog('POST', '/posts/new', 'Write a post.', { body: postInputSchema, status: 201 }),
  blog('POST', '/posts/update', 'Change my post.', { body: postUpdateSchema }),
  blog('POST', '/posts/publish', 'Publish or unpublish my post.', { body: publishSchema }),
  blog('POST', '/posts/delete', 'Delete my post.', { body: postIdSchema }),
  blogRead('GET', '/comments', "A post's comments.", { query: commentListQuery }),
  blog('POST', '/comments/new', 'Comment on a post.', { body: commentInputSchema, status: 201 }),
  blog('POST', '/comments/delete', 'Delete my comment.', { body: commentIdSchema }),
  blog('POST', '/covers/upload', 'Upload a cover image (multipart, field "file").', {
    form: fileForm,
    status: 201,
  }),
  route('Blog', '/api/blog', 'public')('GET', '/covers/:id/:size{card}?', 'A cover image.', {
    params: z.object({ id: z.uuid(), size: z.literal('card').optional() }),
    produces: 'image/webp',
  }),
  booking('GET', '/page', 'My booking page.'),
  booking('PUT', '/page', 'Save my booking page.', { body: bookingPageInputSchema }),
  booking('GET', '/bookings', 'Bookings made with me, by tab, paged.', {
    query: bookingListSchema.extend(bookingPageNumber.shape),
  }),
  booking('GET', '/stats', 'Booking counts per week or month.', { query: bookingStatsSchema }),
  booking('POST', '/bookings/:id/cancel', 'Cancel a booking made with me.', {
    params: bookingIdParam,
  }),
  bookingPublic('GET', '/pages/:slug', 'A published booking page.', { params: slugParam }),
  bookingPublic('GET', '/pages/:slug/slots', "A booking page's free slots.", {
    params: slugParam,
    query: slotRangeSchema,
  }),
  route('Booking', '/api/booking', 'optional')('POST', '/pages/:slug/bookings', 'Book a slot.', {
    params: slugParam,
    body: bookingInputSchema,
    status: 201,
  }),
  bookingPublic('GET', '/cancel', 'The booking a cancel code belongs to.', {
    query: cancelCodeSchema,
  }),
  bookingPublic('POST', '/cancel', 'Cancel my booking with its code.', { body: cancelCodeSchema }),
  files('GET', '/downloads', 'Files, attachments and invoices sent to me.'),
  files('POST', '/downloads/record', 'Remember that I downloaded one.', {
    body: downloadRecordSchema,
  }),
  route('Files', '/api/files', 'public')(
    'GET',
    '/link/:id/:variant',
    'A file by signed link (for <img> and downloads).',
    {
      params: z.object({ id: z.uuid(), variant: z.enum(LINK_VARIANTS) }),
      query: z.object({ u: z.string(), e: z.string(), s: z.string() }),
      produces: 'application/octet-stream',
    },
  ),
  files('GET', '/items/:id/content', 'A file I can read.', {
    params: id,
    query: z.object({ download: z.literal('1').optional() }),
    produces: 'application/octet-stream',
  }),
  files('PUT', '/content', 'Upload a file in one request (its bytes are the body).', {
    query: z.object({ name: fileName, parentId: z.uuid().optional() }),
    readQuery: (q) => ({
      name: safeUploadName(q.name?.[0] ?? ''),
      parentId: q.parentId?.[0] || undefined,
    }),
    raw: 'application/octet-stream',
    status: 201,
  }),
  files('ALL', '/tus', 'Start a resumable upload (tus 1.0).', { methods: ['POST', 'OPTIONS'] }),
  files('ALL', '/tus/*', 'Continue, inspect or cancel a resumable upload (tus 1.0).', {
    methods: ['HEAD', 'PATCH', 'DELETE'],
  }),
  files('GET', '/items', 'A folder, search or view of my files.', { query: fileListQuery }),
  files('GET', '/items/:id', 'One item.', { params: id }),
  files('POST', '/folders', 'Create a folder.', { body: folderCreateSchema, status: 201 }),
  files('PATCH', '/items/:id', 'Rename an item.', { params: id, body: renameSchema }),
  files('POST', '/items/move', 'Move items.', { body: moveSchema }),
  files('POST', '/items/trash', 'Move items to the trash.', { body: idsSchema }),
  files('POST', '/items/restore', 'Restore items from the trash.', { body: idsSchema }),
  files('POST', '/items/delete', 'Delete items for good.', { body: idsSchema }),
  files('POST', '/trash/empty', 'Empty the trash.'),
  files('POST', '/items/favourite', 'Mark items as favourites.', { body: favouriteSchema }),
  files('GET', '/items/:id/shares', 'Who an item is shared with.', { params: id }),
  files('POST', '/items/:id/shares', 'Share an item with someone.', {
    params: id,
    body: shareSchema,
    status: 201,
  }),
  files('DELETE', '/items/:id/shares/:userId', 'Stop sharing an item with someone.', {
    params: z.object({ id: z.uuid(), userId: z.uuid() }),
  }),
  files('GET', '/overview', 'Storage used per category.'),
  files('GET', '/limits', 'Upload limits and my quota.'),
];
