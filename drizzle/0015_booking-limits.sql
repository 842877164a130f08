ALTER TABLE "nurse_profiles" ADD COLUMN "min_notice_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "max_nights_per_week" integer;