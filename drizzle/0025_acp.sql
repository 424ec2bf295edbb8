CREATE TABLE "acp_delegated_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"max_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"card_last4" text NOT NULL,
	"outcome" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acp_platforms" (
	"account_id" text PRIMARY KEY NOT NULL,
	"webhook_url" text,
	"webhook_secret_sealed" text,
	"signing_jwk" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_webhook_deliveries" ALTER COLUMN "profile_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "acp_platform" text;--> statement-breakpoint
ALTER TABLE "order_webhook_deliveries" ADD COLUMN "target" text DEFAULT 'ucp' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_webhook_deliveries" ADD COLUMN "acp_account_id" text;--> statement-breakpoint
ALTER TABLE "acp_delegated_tokens" ADD CONSTRAINT "acp_delegated_tokens_key_id_network_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."network_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_platforms" ADD CONSTRAINT "acp_platforms_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acp_delegated_tokens_expiry_idx" ON "acp_delegated_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "order_webhook_deliveries" ADD CONSTRAINT "order_webhook_deliveries_acp_account_id_users_id_fk" FOREIGN KEY ("acp_account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_webhook_deliveries" ADD CONSTRAINT "order_webhook_deliveries_target_check" CHECK ((target = 'ucp' AND profile_url IS NOT NULL) OR (target = 'acp' AND acp_account_id IS NOT NULL));