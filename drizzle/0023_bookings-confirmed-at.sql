ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Bookings confirmed before the column existed: those confirmed or completed now, and those cancelled
-- after a charge went through that were not released unpaid (decision 0045).
UPDATE "bookings" SET "confirmed_at" = "updated_at" WHERE "status" IN ('confirmed', 'completed');--> statement-breakpoint
UPDATE "bookings" SET "confirmed_at" = "updated_at"
WHERE "status" = 'cancelled'
  AND "hold_released_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "payments"
    WHERE "payments"."booking_id" = "bookings"."id" AND "payments"."kind" = 'charge' AND "payments"."status" IN ('succeeded', 'refunded')
  );
