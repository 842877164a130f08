ALTER TABLE "payments" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
-- Moves made before this column: their difference charges were applied (a refused move's charge was refunded then).
UPDATE "payments" SET "applied_at" = "created_at" WHERE "kind" = 'charge' AND "occurrence_id" IS NOT NULL AND "status" = 'succeeded';
