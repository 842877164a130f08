-- Double booking is impossible by construction (docs/architecture.md): no two live nights of one
-- nurse may overlap in time. Drizzle cannot declare an exclusion constraint, so it lives here.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "booking_occurrences"
  ADD CONSTRAINT "booking_occurrences_no_overlap"
  EXCLUDE USING gist ("nurse_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" <> 'cancelled');
