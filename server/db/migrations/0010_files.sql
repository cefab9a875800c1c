CREATE TABLE "download_records" (
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_records_user_id_source_source_id_pk" PRIMARY KEY("user_id","source","source_id")
);
--> statement-breakpoint
CREATE TABLE "file_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"blob_hash" text,
	"thumbnail_hash" text,
	"width" integer,
	"height" integer,
	"favourite" boolean DEFAULT false NOT NULL,
	"trashed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_shares" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_shares_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "download_records" ADD CONSTRAINT "download_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_parent_id_file_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_item_id_file_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_items_owner_parent_idx" ON "file_items" USING btree ("owner_id","parent_id","name");--> statement-breakpoint
CREATE INDEX "file_items_parent_idx" ON "file_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "file_items_blob_idx" ON "file_items" USING btree ("blob_hash");--> statement-breakpoint
CREATE INDEX "file_items_thumbnail_idx" ON "file_items" USING btree ("thumbnail_hash");--> statement-breakpoint
CREATE INDEX "file_items_trashed_idx" ON "file_items" USING btree ("owner_id","trashed_at") WHERE "file_items"."trashed_at" is not null;--> statement-breakpoint
CREATE INDEX "file_shares_user_idx" ON "file_shares" USING btree ("user_id");