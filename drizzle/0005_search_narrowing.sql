DROP INDEX "products_search_0_idx";--> statement-breakpoint
DROP INDEX "products_search_1_idx";--> statement-breakpoint
DROP INDEX "products_search_2_idx";--> statement-breakpoint
DROP INDEX "products_search_3_idx";--> statement-breakpoint
DROP INDEX "products_search_4_idx";--> statement-breakpoint
DROP INDEX "products_search_5_idx";--> statement-breakpoint
DROP INDEX "products_search_6_idx";--> statement-breakpoint
DROP INDEX "products_search_7_idx";--> statement-breakpoint
CREATE INDEX "products_search_0_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 0;--> statement-breakpoint
CREATE INDEX "products_search_1_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 1;--> statement-breakpoint
CREATE INDEX "products_search_2_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 2;--> statement-breakpoint
CREATE INDEX "products_search_3_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 3;--> statement-breakpoint
CREATE INDEX "products_search_4_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 4;--> statement-breakpoint
CREATE INDEX "products_search_5_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 5;--> statement-breakpoint
CREATE INDEX "products_search_6_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 6;--> statement-breakpoint
CREATE INDEX "products_search_7_idx" ON "products" USING gin ("search_vector",array_to_tsvector(ARRAY["category_key"]),array_to_tsvector(ARRAY["seller_id"])) WHERE (get_byte(decode(md5("products"."id"), 'hex'), 0) & 7) = 7;