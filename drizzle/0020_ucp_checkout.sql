ALTER TABLE "carts" ADD COLUMN "buyer" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_checkout_token_hash_idx" ON "carts" USING btree ("checkout_token_hash");