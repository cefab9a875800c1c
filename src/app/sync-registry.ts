// The features that mirror their data on the device, composed for the sync engine: one line
// per feature (its `local/sync.ts`). Importing this module installs the registry (the database
// opens only then, with every table below declared). It loads lazily, with the engine and
// Dexie (see provideSyncRegistry in the dashboard layout), never in a first-load chunk.
import { calendarSync } from '@/features/calendar/local/sync';
import { chatSync } from '@/features/chat/local/sync';
import { kanbanSync } from '@/features/kanban/local/sync';
import { mailSync } from '@/features/mail/local/sync';
import { cartSync } from '@/features/shop/local/sync';
import { createSyncRegistry, installSyncRegistry } from '@/lib/sync/registry';

export const syncRegistry = installSyncRegistry(createSyncRegistry([calendarSync, kanbanSync, mailSync, chatSync, cartSync]));
