CREATE TABLE "product_images" (
	"hash" text PRIMARY KEY NOT NULL,
	"ext" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_images_idx" ON "products" USING gin ("images");--> statement-breakpoint
-- the images products already show are product images: registered, so they stay served
INSERT INTO "product_images" ("hash", "ext")
SELECT DISTINCT ON (hash) hash, ext FROM (
	SELECT substring(url from '^/api/products/images/([0-9a-f]{64})\.(?:png|jpg|webp)$') AS hash,
		substring(url from '^/api/products/images/[0-9a-f]{64}\.(png|jpg|webp)$') AS ext
	FROM "products", unnest("images") AS url
) found
WHERE hash IS NOT NULL
ORDER BY hash, ext
ON CONFLICT DO NOTHING;
