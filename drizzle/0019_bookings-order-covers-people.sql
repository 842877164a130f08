-- The bookings list's orders, unfiltered and by status, also carry each booking's people (and
-- status) (docs/decisions/0036): a search matching thousands of people reads the newest 10,000
-- bookings of one of these indexes alone (an index-only range) and keeps those whose parent or
-- nurse matched. Drizzle cannot declare INCLUDE; app/db/schema.ts keeps the names and key columns.
DROP INDEX IF EXISTS "bookings_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id") INCLUDE ("parent_id","nurse_id","status");
--> statement-breakpoint
DROP INDEX IF EXISTS "bookings_status_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at","id") INCLUDE ("parent_id","nurse_id");
