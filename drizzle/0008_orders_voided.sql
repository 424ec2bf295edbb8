DROP INDEX "orders_cart_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id") WHERE status <> 'voided';