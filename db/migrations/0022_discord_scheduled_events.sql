CREATE TABLE "pending_discord_events" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"discord_event_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_discord_events_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "pending_discord_events_kind_known" CHECK ("pending_discord_events"."kind" in ('event', 'training'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "discord_event" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "discord_event_id" text;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "discord_event" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "discord_event_id" text;--> statement-breakpoint
CREATE INDEX "pending_discord_events_due_at_idx" ON "pending_discord_events" USING btree ("due_at");