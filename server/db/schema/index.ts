// The one Drizzle schema, split by resource. Each resource module owns its file here.
export * from './users.ts';
export * from './mail.ts';
export * from './chat.ts';
export * from './calendar.ts';
export * from './kanban.ts';
export * from './sync.ts';
export * from './catalogue.ts';
export * from './shop.ts';
export * from './product-images.ts';
export * from './invoices.ts';
export * from './blog.ts';
export * from './storage.ts';
export * from './files.ts';
export * from './public.ts';
export * from './booking.ts';
export * from './live.ts';
