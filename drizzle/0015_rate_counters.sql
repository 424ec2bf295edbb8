-- UNLOGGED by hand (drizzle-kit writes CREATE TABLE): rate-limit windows and signature nonces need
-- no WAL; after a crash the table comes back empty, which only gives each partition its budget again.
CREATE UNLOGGED TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"granted" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");
