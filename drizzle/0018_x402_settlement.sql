CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "x402_ledger_accounts" (
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"address" text NOT NULL,
	"balance" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "x402_ledger_accounts_network_asset_address_pk" PRIMARY KEY("network","asset","address"),
	CONSTRAINT "x402_ledger_accounts_balance" CHECK (balance >= 0)
);
--> statement-breakpoint
CREATE TABLE "x402_ledger_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" bigint NOT NULL,
	"nonce" text NOT NULL,
	"transaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "x402_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"payer" text NOT NULL,
	"nonce" text NOT NULL,
	"amount" text NOT NULL,
	"valid_before" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"transaction" text,
	"failure_reason" text,
	"lease_until" timestamp with time zone,
	"settle_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "x402_payments" ADD CONSTRAINT "x402_payments_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD CONSTRAINT "x402_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_owner_address_idx" ON "wallets" USING btree ("owner","address");--> statement-breakpoint
CREATE UNIQUE INDEX "x402_ledger_transfers_authorization_idx" ON "x402_ledger_transfers" USING btree ("network","asset","from_address","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_authorization_idx" ON "x402_payments" USING btree ("network","asset","payer","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "x402_payments_pending_cart_idx" ON "x402_payments" USING btree ("cart_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "x402_payments_pending_idx" ON "x402_payments" USING btree ("created_at") WHERE status = 'pending';