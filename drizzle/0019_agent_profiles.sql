CREATE TABLE "account_agent_profiles" (
	"account_id" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_agent_profiles_account_id_url_pk" PRIMARY KEY("account_id","url")
);
--> statement-breakpoint
ALTER TABLE "account_agent_profiles" ADD CONSTRAINT "account_agent_profiles_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;