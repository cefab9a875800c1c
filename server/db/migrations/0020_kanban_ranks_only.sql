-- Cards and columns are ordered by their fractional keys alone now (0019 filled them in).
ALTER TABLE "kanban_cards" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "kanban_columns" DROP COLUMN "position";