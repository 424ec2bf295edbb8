CREATE TABLE "fulfillment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seller_handle" text NOT NULL,
	"type" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"event" text NOT NULL,
	"profile_url" text NOT NULL,
	"scope" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_url" text,
	"last_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_gone_urls" (
	"url" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_sealed" text NOT NULL,
	"signs_from" timestamp with time zone NOT NULL,
	"retires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfillment_events" ADD CONSTRAINT "fulfillment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_webhook_deliveries" ADD CONSTRAINT "order_webhook_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfillment_events_order_idx" ON "fulfillment_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "order_webhook_deliveries_due_idx" ON "order_webhook_deliveries" USING btree ("next_attempt_at") WHERE state IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "order_webhook_deliveries_order_idx" ON "order_webhook_deliveries" USING btree ("order_id","profile_url","created_at");--> statement-breakpoint
CREATE INDEX "order_webhook_deliveries_failed_idx" ON "order_webhook_deliveries" USING btree ("created_at") WHERE state = 'failed';