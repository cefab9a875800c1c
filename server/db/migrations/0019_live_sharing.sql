-- Boards and calendars shared between people (docs/live.md): one board and one calendar per
-- owner, memberships and invitations, presence, fractional order keys, card cursors, conflict
-- records and tombstones. The integer positions are dropped by the next migration.
CREATE TABLE "calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text DEFAULT 'Calendar' NOT NULL,
	"color" text DEFAULT '#228BE6' NOT NULL,
	"shown" boolean DEFAULT true NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendars_owner_unique" UNIQUE("owner_id")
);
--> statement-breakpoint
CREATE TABLE "kanban_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text DEFAULT 'Board' NOT NULL,
	"rev" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kanban_boards_owner_unique" UNIQUE("owner_id")
);
--> statement-breakpoint
CREATE TABLE "kanban_tombstones" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"board_id" uuid NOT NULL,
	"card" jsonb NOT NULL,
	"deleted_by" uuid NOT NULL,
	"rev" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"board_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"card_id" uuid,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_presence_board_id_user_id_tab_id_pk" PRIMARY KEY("board_id","user_id","tab_id")
);
--> statement-breakpoint
CREATE TABLE "share_members" (
	"kind" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"color" text DEFAULT '#40C057' NOT NULL,
	"shown" boolean DEFAULT true NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_members_kind_resource_id_user_id_pk" PRIMARY KEY("kind","resource_id","user_id")
);
--> statement-breakpoint
DROP INDEX "kanban_cards_user_idx";--> statement-breakpoint
DROP INDEX "kanban_columns_user_idx";--> statement-breakpoint
DROP INDEX "kanban_cards_column_idx";--> statement-breakpoint
ALTER TABLE "kanban_cards" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_columns" ALTER COLUMN "position" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "calendar_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD COLUMN "board_id" uuid;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD COLUMN "rank" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD COLUMN "rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD COLUMN "field_revs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD COLUMN "conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_columns" ADD COLUMN "board_id" uuid;--> statement-breakpoint
ALTER TABLE "kanban_columns" ADD COLUMN "rank" text COLLATE "C";--> statement-breakpoint
-- Every user who has columns or events gets their own board and calendar (others get theirs
-- the first time they need one), and what they had moves onto it.
INSERT INTO "kanban_boards" ("owner_id") SELECT DISTINCT "user_id" FROM "kanban_columns";--> statement-breakpoint
INSERT INTO "calendars" ("owner_id") SELECT DISTINCT "user_id" FROM "calendar_events";--> statement-breakpoint
UPDATE "kanban_columns" c SET "board_id" = b."id" FROM "kanban_boards" b WHERE b."owner_id" = c."user_id";--> statement-breakpoint
UPDATE "kanban_cards" k SET "board_id" = c."board_id" FROM "kanban_columns" c WHERE c."id" = k."column_id";--> statement-breakpoint
UPDATE "calendar_events" e SET "calendar_id" = k."id" FROM "calendars" k WHERE k."owner_id" = e."user_id";--> statement-breakpoint
-- Integer positions become fractional keys in the same order (the keys `fractional-indexing`
-- makes for 0, 1, 2…: "a0".."az" for the first 62, then "b00".."bzz"; a column holds at most
-- 1,000 cards and a board 200 columns, well inside that).
CREATE FUNCTION pg_temp.clipdeck_rank(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN n < 62
    THEN 'a' || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', n::int + 1, 1)
    ELSE 'b' || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 62)::int + 1, 1)
             || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n % 62)::int + 1, 1)
  END
$$;--> statement-breakpoint
UPDATE "kanban_columns" c SET "rank" = pg_temp.clipdeck_rank(o.n) FROM (
  SELECT "id", row_number() OVER (PARTITION BY "board_id" ORDER BY "position", "id") - 1 AS n FROM "kanban_columns"
) o WHERE o."id" = c."id";--> statement-breakpoint
UPDATE "kanban_cards" k SET "rank" = pg_temp.clipdeck_rank(o.n) FROM (
  SELECT "id", row_number() OVER (PARTITION BY "column_id" ORDER BY "position", "id") - 1 AS n FROM "kanban_cards"
) o WHERE o."id" = k."id";--> statement-breakpoint
ALTER TABLE "calendar_events" ALTER COLUMN "calendar_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_cards" ALTER COLUMN "board_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_cards" ALTER COLUMN "rank" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_columns" ALTER COLUMN "board_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_columns" ALTER COLUMN "rank" SET NOT NULL;--> statement-breakpoint
-- Live notices are sent by the API after its transaction commits (server/live/bus.ts): the
-- triggers that notified inside the writing transaction go (a NOTIFY takes a database-wide
-- lock at commit on PostgreSQL).
DROP TRIGGER IF EXISTS "chat_messages_live_notify" ON "chat_messages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "mailbox_items_live_notify" ON "mailbox_items";--> statement-breakpoint
DROP FUNCTION IF EXISTS clipdeck_live_notify();--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_boards" ADD CONSTRAINT "kanban_boards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_tombstones" ADD CONSTRAINT "kanban_tombstones_board_id_kanban_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."kanban_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_members" ADD CONSTRAINT "share_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_members" ADD CONSTRAINT "share_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kanban_tombstones_board_idx" ON "kanban_tombstones" USING btree ("board_id","deleted_at");--> statement-breakpoint
CREATE INDEX "live_presence_seen_idx" ON "live_presence" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "share_members_user_idx" ON "share_members" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_cards" ADD CONSTRAINT "kanban_cards_board_id_kanban_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."kanban_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban_columns" ADD CONSTRAINT "kanban_columns_board_id_kanban_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."kanban_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_calendar_start_idx" ON "calendar_events" USING btree ("calendar_id","start");--> statement-breakpoint
CREATE INDEX "kanban_cards_board_idx" ON "kanban_cards" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "kanban_columns_board_idx" ON "kanban_columns" USING btree ("board_id","rank","id");--> statement-breakpoint
CREATE INDEX "kanban_cards_column_idx" ON "kanban_cards" USING btree ("column_id","rank","id");