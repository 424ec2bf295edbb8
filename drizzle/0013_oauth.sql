CREATE TABLE "oauth_consents" (
	"account_id" text NOT NULL,
	"client_id" text NOT NULL,
	"client_name" text,
	"redirect_host" text NOT NULL,
	"scopes" text[] NOT NULL,
	"grant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_consents_account_id_client_id_pk" PRIMARY KEY("account_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "oauth_records" (
	"model" text NOT NULL,
	"id_digest" text NOT NULL,
	"grant_id" text,
	"uid" text,
	"payload" jsonb NOT NULL,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "oauth_records_model_id_digest_pk" PRIMARY KEY("model","id_digest")
);
--> statement-breakpoint
ALTER TABLE "oauth_consents" ADD CONSTRAINT "oauth_consents_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_consents_grant_idx" ON "oauth_consents" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_grant_idx" ON "oauth_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_uid_idx" ON "oauth_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oauth_records_expires_idx" ON "oauth_records" USING btree ("expires_at");