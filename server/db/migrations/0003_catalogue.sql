CREATE TABLE "catalogue_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"youtube_channel_id" text,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_clip_tags" (
	"clip_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "catalogue_clip_tags_clip_id_tag_id_pk" PRIMARY KEY("clip_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"video_id" uuid NOT NULL,
	"start_seconds" real NOT NULL,
	"end_seconds" real NOT NULL,
	"duration_seconds" real GENERATED ALWAYS AS (end_seconds - start_seconds) STORED,
	"channel_id" uuid NOT NULL,
	"access_level" text DEFAULT 'public' NOT NULL,
	"premiere_date" date,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"virality" real DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(text, '')), 'B')) STORED,
	"text_hash" text GENERATED ALWAYS AS (md5(coalesce(title, '') || '. ' || coalesce(text, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_collection_clips" (
	"collection_id" uuid NOT NULL,
	"clip_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_collection_clips_collection_id_clip_id_pk" PRIMARY KEY("collection_id","clip_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_embeddings" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"text_hash" text NOT NULL,
	"embedded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_embeddings_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid,
	"clip_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"youtube_channel_id" text
);
--> statement-breakpoint
CREATE TABLE "catalogue_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_video_people" (
	"video_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	CONSTRAINT "catalogue_video_people_video_id_person_id_pk" PRIMARY KEY("video_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_video_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_video_video_tags" (
	"video_id" uuid NOT NULL,
	"video_tag_id" uuid NOT NULL,
	CONSTRAINT "catalogue_video_video_tags_video_id_video_tag_id_pk" PRIMARY KEY("video_id","video_tag_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"channel_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"premiere_date" date,
	"duration_seconds" integer,
	"virality" real DEFAULT 0 NOT NULL,
	"access_level" text DEFAULT 'public' NOT NULL,
	"youtube_id" text,
	"thumbnail_url" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED,
	"text_hash" text GENERATED ALWAYS AS (md5(coalesce(title, '') || '. ' || coalesce(description, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_channels" ADD CONSTRAINT "catalogue_channels_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_clip_tags" ADD CONSTRAINT "catalogue_clip_tags_clip_id_catalogue_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."catalogue_clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_clip_tags" ADD CONSTRAINT "catalogue_clip_tags_tag_id_catalogue_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."catalogue_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_clips" ADD CONSTRAINT "catalogue_clips_video_id_catalogue_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."catalogue_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_clips" ADD CONSTRAINT "catalogue_clips_channel_id_catalogue_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."catalogue_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_collection_clips" ADD CONSTRAINT "catalogue_collection_clips_collection_id_catalogue_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."catalogue_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_collection_clips" ADD CONSTRAINT "catalogue_collection_clips_clip_id_catalogue_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."catalogue_clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_collections" ADD CONSTRAINT "catalogue_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_favourites" ADD CONSTRAINT "catalogue_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_favourites" ADD CONSTRAINT "catalogue_favourites_video_id_catalogue_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."catalogue_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_favourites" ADD CONSTRAINT "catalogue_favourites_clip_id_catalogue_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."catalogue_clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_video_people" ADD CONSTRAINT "catalogue_video_people_video_id_catalogue_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."catalogue_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_video_people" ADD CONSTRAINT "catalogue_video_people_person_id_catalogue_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."catalogue_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_video_video_tags" ADD CONSTRAINT "catalogue_video_video_tags_video_id_catalogue_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."catalogue_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_video_video_tags" ADD CONSTRAINT "catalogue_video_video_tags_video_tag_id_catalogue_video_tags_id_fk" FOREIGN KEY ("video_tag_id") REFERENCES "public"."catalogue_video_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_videos" ADD CONSTRAINT "catalogue_videos_channel_id_catalogue_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."catalogue_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_channels_external_id_unique" ON "catalogue_channels" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_channels_slug_unique" ON "catalogue_channels" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalogue_channels_youtube_idx" ON "catalogue_channels" USING btree ("youtube_channel_id");--> statement-breakpoint
CREATE INDEX "catalogue_channels_owner_idx" ON "catalogue_channels" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "catalogue_clip_tags_tag_idx" ON "catalogue_clip_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_clips_external_id_unique" ON "catalogue_clips" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "catalogue_clips_video_idx" ON "catalogue_clips" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "catalogue_clips_channel_idx" ON "catalogue_clips" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "catalogue_clips_premiere_idx" ON "catalogue_clips" USING btree (coalesce("premiere_date", '0001-01-01'::date),"id");--> statement-breakpoint
CREATE INDEX "catalogue_clips_created_idx" ON "catalogue_clips" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "catalogue_clips_virality_idx" ON "catalogue_clips" USING btree ("virality","id");--> statement-breakpoint
CREATE INDEX "catalogue_clips_duration_idx" ON "catalogue_clips" USING btree ("duration_seconds");--> statement-breakpoint
CREATE INDEX "catalogue_clips_search_idx" ON "catalogue_clips" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalogue_collections_user_idx" ON "catalogue_collections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_favourites_user_video_unique" ON "catalogue_favourites" USING btree ("user_id","video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_favourites_user_clip_unique" ON "catalogue_favourites" USING btree ("user_id","clip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_people_slug_unique" ON "catalogue_people" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalogue_people_youtube_idx" ON "catalogue_people" USING btree ("youtube_channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_tags_slug_unique" ON "catalogue_tags" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "catalogue_video_people_person_idx" ON "catalogue_video_people" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_video_tags_kind_slug_unique" ON "catalogue_video_tags" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "catalogue_video_video_tags_tag_idx" ON "catalogue_video_video_tags" USING btree ("video_tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_videos_external_id_unique" ON "catalogue_videos" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "catalogue_videos_channel_idx" ON "catalogue_videos" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "catalogue_videos_premiere_idx" ON "catalogue_videos" USING btree (coalesce("premiere_date", '0001-01-01'::date),"id");--> statement-breakpoint
CREATE INDEX "catalogue_videos_virality_idx" ON "catalogue_videos" USING btree ("virality","id");--> statement-breakpoint
CREATE INDEX "catalogue_videos_created_idx" ON "catalogue_videos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "catalogue_videos_search_idx" ON "catalogue_videos" USING gin ("search_vector");