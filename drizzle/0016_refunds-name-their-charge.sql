ALTER TABLE "payments" ADD COLUMN "charge_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_id_payments_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_charge_idx" ON "payments" USING btree ("charge_id");--> statement-breakpoint
-- Refunds made before name no charge. The full refund of a refused move's charge (its key is the charge's
-- key and '-refund') names that charge; every other refund the charge refundPayment took it from: the
-- booking's own (the week's, for a series paid week by week) latest paid charge.
UPDATE "payments" AS "r" SET "charge_id" = "c"."id" FROM "payments" AS "c"
WHERE "r"."kind" = 'refund' AND "r"."charge_id" IS NULL AND "c"."kind" = 'charge' AND "c"."booking_id" = "r"."booking_id"
  AND "c"."occurrence_id" IS NOT NULL AND "r"."idempotency_key" LIKE "c"."idempotency_key" || '-refund%';--> statement-breakpoint
UPDATE "payments" AS "r" SET "charge_id" = (
  SELECT "c"."id" FROM "payments" AS "c"
  WHERE "c"."booking_id" = "r"."booking_id" AND "c"."kind" = 'charge' AND "c"."status" IN ('succeeded', 'refunded')
    AND "c"."occurrence_id" IS NULL AND "c"."week" IS NOT DISTINCT FROM "r"."week"
  ORDER BY "c"."id" DESC LIMIT 1
)
WHERE "r"."kind" = 'refund' AND "r"."charge_id" IS NULL;
