-- The admin tables at a million bookings (issue 13, docs/decisions/0022). pg_trgm ships with
-- PostgreSQL's contrib and with PGlite (@electric-sql/pglite/contrib/pg_trgm, loaded by
-- app/db/client.server.ts); Drizzle cannot declare an extension, so it is added here by hand.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_occurrence_idx" ON "payments" USING btree ("occurrence_id");--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
