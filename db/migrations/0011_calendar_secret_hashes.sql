-- Calendar feed secrets are kept as SHA-256 hashes, as API tokens are. Existing feeds keep their URLs: the hash of
-- the stored secret is what the lookup computes from the URL. The snapshot beside this migration is the whole schema
-- again (the earlier hand-written migrations had left drizzle-kit's snapshot behind).
ALTER TABLE "calendar_feeds" ADD COLUMN "secret_hash" text;--> statement-breakpoint
UPDATE "calendar_feeds" SET "secret_hash" = encode(sha256(convert_to("secret", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "secret_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_secret_unique";--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP COLUMN "secret";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_secret_hash_unique" UNIQUE("secret_hash");
