ALTER TABLE "scheduled_pings" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "scheduled_pings" ADD COLUMN "claim_expires_at" timestamp with time zone;