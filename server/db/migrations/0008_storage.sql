CREATE TABLE "storage_blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "blob_hash" text;--> statement-breakpoint
CREATE INDEX "storage_blobs_touched_idx" ON "storage_blobs" USING btree ("touched_at");--> statement-breakpoint
CREATE INDEX "attachments_blob_hash_idx" ON "attachments" USING btree ("blob_hash");