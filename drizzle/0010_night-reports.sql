CREATE TABLE "night_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurrence_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"nurse_id" integer NOT NULL,
	"feeds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wet_diapers" integer DEFAULT 0 NOT NULL,
	"dirty_diapers" integer DEFAULT 0 NOT NULL,
	"sleeps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "night_reports" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "night_reports" ADD CONSTRAINT "night_reports_occurrence_id_booking_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."booking_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_reports" ADD CONSTRAINT "night_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_reports" ADD CONSTRAINT "night_reports_nurse_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "night_reports_occurrence_idx" ON "night_reports" USING btree ("occurrence_id");--> statement-breakpoint
CREATE INDEX "night_reports_booking_idx" ON "night_reports" USING btree ("booking_id");