-- pg_trgm backs typo correction (search_words) and seller did_you_mean; drizzle-kit does not emit extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "feedback_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"context" jsonb,
	"agent_profile" text NOT NULL,
	"buyer_ref" text,
	"buyer_session" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_namespace_key_pk" PRIMARY KEY("namespace","key")
);
--> statement-breakpoint
CREATE TABLE "platform_limits" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_item_quantity" integer DEFAULT 20 NOT NULL,
	"max_cart_total_cents" integer DEFAULT 100000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text,
	"category" text NOT NULL,
	"category_key" text NOT NULL,
	"images" jsonb NOT NULL,
	"url" text,
	"price_min" integer NOT NULL,
	"price_min_in_stock" integer,
	"stock_max" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "products"."title"), 'A') || setweight(to_tsvector('english', coalesce("products"."brand", '')), 'B') || setweight(to_tsvector('english', "products"."category"), 'C') || setweight(to_tsvector('english', "products"."description"), 'D')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"documents" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" text PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"domains" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"delivery" jsonb NOT NULL,
	"policies" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stock" integer,
	"gtin" text
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_external_idx" ON "products" USING btree ("seller_id","external_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_min","id");--> statement-breakpoint
CREATE INDEX "products_price_in_stock_idx" ON "products" USING btree ("price_min_in_stock","id");--> statement-breakpoint
CREATE INDEX "products_seller_newest_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_key" text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock_max");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_handle_idx" ON "sellers" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "sellers_name_key_idx" ON "sellers" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "sellers_domains_idx" ON "sellers" USING gin ("domains");--> statement-breakpoint
CREATE INDEX "sellers_handle_trgm_idx" ON "sellers" USING gin ("handle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sellers_name_key_trgm_idx" ON "sellers" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "variants_seller_sku_idx" ON "variants" USING btree ("seller_id","sku");--> statement-breakpoint
CREATE INDEX "variants_product_idx" ON "variants" USING btree ("product_id");;
--> statement-breakpoint
-- The platform limits record always exists; its defaults are the spec's.
INSERT INTO "platform_limits" ("id") VALUES (1) ON CONFLICT DO NOTHING;
