-- Attendance by member and session: the activity report reads a few members' attendance (sparklines, one member's
-- activity) through these, not a scan of the whole table; they replace the member-only indexes (docs/rules/activity.md).
DROP INDEX "event_attendance_member_id_idx";--> statement-breakpoint
DROP INDEX "training_attendance_member_id_idx";--> statement-breakpoint
CREATE INDEX "event_attendance_member_event_idx" ON "event_attendance" USING btree ("member_id","event_id");--> statement-breakpoint
CREATE INDEX "training_attendance_member_training_idx" ON "training_attendance" USING btree ("member_id","training_id");