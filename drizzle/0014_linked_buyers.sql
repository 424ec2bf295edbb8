ALTER TABLE "buyer_tokens" ALTER COLUMN "key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_tokens" ADD COLUMN "grant_id" text;--> statement-breakpoint
ALTER TABLE "buyer_tokens" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Tokens verified before scopes were kept carry their key's, less buyer:write (as resolved until now).
UPDATE "buyer_tokens" SET "scopes" = array_remove(k."scopes", 'buyer:write') FROM "network_keys" k WHERE k."id" = "buyer_tokens"."key_id";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform" text;--> statement-breakpoint
CREATE INDEX "buyer_tokens_grant_idx" ON "buyer_tokens" USING btree ("grant_id") WHERE grant_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id","created_at") WHERE account_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_tokens" ADD CONSTRAINT "buyer_tokens_one_verifier" CHECK ((key_id IS NULL) <> (grant_id IS NULL));