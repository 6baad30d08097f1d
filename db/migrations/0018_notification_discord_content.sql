-- Notifications (docs/rules/notifications.md): a Discord message may be given word for word (the applicant's DM),
-- where it is not the title, the body and the link.
ALTER TABLE "notification_outbox" ADD COLUMN "discord_content" text;
