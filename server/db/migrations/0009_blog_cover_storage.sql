ALTER TABLE "blog_covers" ADD COLUMN "blob_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_covers" ADD COLUMN "card_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_covers" ADD COLUMN "width" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_covers" ADD COLUMN "height" integer NOT NULL;