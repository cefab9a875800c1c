CREATE TABLE "unfinished_uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unfinished_uploads" ADD CONSTRAINT "unfinished_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unfinished_uploads" ADD CONSTRAINT "unfinished_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unfinished_uploads_owner_idx" ON "unfinished_uploads" USING btree ("owner_id","expires_at");--> statement-breakpoint
CREATE INDEX "unfinished_uploads_expires_idx" ON "unfinished_uploads" USING btree ("expires_at");