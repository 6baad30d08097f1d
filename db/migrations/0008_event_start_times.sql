-- Events start at a date-time (docs/rules/settings.md: a bare day means 20:00 in the unit's time zone).
--
-- Before this, the Add/Edit Event form had a date only, stored as 00:00 UTC: in the Americas such an event shows on
-- the evening before its day, and a ping "1 hour before" lands at 18:00 or 19:00 the day before. Those rows were
-- meant as "that day", so they move to 20:00 of the same calendar day in the unit's time zone (setting
-- unit_time_zone, else America/New_York): the day the admin picked, at the default start time. Events whose time is
-- not exactly midnight UTC were given a time on purpose (the API, the demo unit) and stay as they are. Scheduled pings
-- keep their own times (each is an instant an admin chose).
UPDATE events
SET date = ((date AT TIME ZONE 'UTC')::date + time '20:00') AT TIME ZONE coalesce(
  (SELECT value FROM settings WHERE key = 'unit_time_zone' AND value IN (SELECT name FROM pg_timezone_names)),
  'America/New_York'
)
WHERE (date AT TIME ZONE 'UTC')::time = time '00:00';
