-- The weekly activity digest (docs/rules/activity.md): one row per week, keyed by its Monday, so the digest is written
-- once per week whatever number of instances run, and sent in parts that a crash never repeats.
CREATE TABLE "activity_digests" (
	"week_start" date PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"messages" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"parts_sent" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_digests_status_known" CHECK ("activity_digests"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "activity_digests_due_idx" ON "activity_digests" USING btree ("due_at") WHERE "activity_digests"."status" = 'pending';