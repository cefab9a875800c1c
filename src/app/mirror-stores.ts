// The mirrored features' tables, declared as the app starts (src/lib/db-stores.ts): one line
// per feature, as in the sync registry (./sync-registry.ts), which lists their operations.
import { calendarStore } from '@/features/calendar/local/schema';
import { chatStore } from '@/features/chat/local/schema';
import { kanbanStore } from '@/features/kanban/local/schema';
import { mailStore } from '@/features/mail/local/schema';
import { cartStore } from '@/features/shop/local/schema';
import { provideMirrorStores } from '@/lib/db-stores';

provideMirrorStores([calendarStore, kanbanStore, mailStore, chatStore, cartStore]);
