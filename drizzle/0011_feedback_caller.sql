ALTER TABLE "feedback_reports" ALTER COLUMN "agent_profile" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_reports" ADD COLUMN "caller" text;