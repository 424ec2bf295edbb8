DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_price_in_stock_idx";--> statement-breakpoint
DROP INDEX "products_seller_newest_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"seller_id","category_key","stock_max","price_min","price_min_in_stock");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_min","id","seller_id","category_key","stock_max","price_min_in_stock");--> statement-breakpoint
CREATE INDEX "products_price_in_stock_idx" ON "products" USING btree ("price_min_in_stock","id","seller_id","category_key","stock_max","price_min");--> statement-breakpoint
CREATE INDEX "products_seller_newest_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"category_key","stock_max","price_min","price_min_in_stock");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_key" text_pattern_ops,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"seller_id","stock_max","price_min","price_min_in_stock");