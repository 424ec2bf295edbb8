CREATE TABLE "buyer_codes" (
	"buyer_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"key_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyers" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "buyer_codes" ADD CONSTRAINT "buyer_codes_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_tokens" ADD CONSTRAINT "buyer_tokens_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_tokens" ADD CONSTRAINT "buyer_tokens_key_id_network_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."network_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_tokens_token_hash_idx" ON "buyer_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "buyer_tokens_buyer_idx" ON "buyer_tokens" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyers_owner_email_idx" ON "buyers" USING btree ("owner","email");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at") WHERE buyer_id IS NOT NULL;--> statement-breakpoint
-- Orders placed before events were recorded get their placing as their first event.
INSERT INTO "order_events" ("id", "order_id", "status", "at") SELECT 'oev_' || substr("id", 5), "id", 'placed', "created_at" FROM "orders";
