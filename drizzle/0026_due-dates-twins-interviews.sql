CREATE TYPE "public"."interview_status" AS ENUM('proposed', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('requested', 'accepted', 'lapsed', 'declined', 'cancelled', 'started');--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"nurse_id" integer NOT NULL,
	"status" "interview_status" DEFAULT 'proposed' NOT NULL,
	"medium" text NOT NULL,
	"proposed_by" "role" NOT NULL,
	"proposed_times" timestamp with time zone[] NOT NULL,
	"scheduled_at" timestamp with time zone,
	"contact" text,
	"note" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" "reservation_status",
	"to_status" "reservation_status",
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"nurse_id" integer NOT NULL,
	"status" "reservation_status" DEFAULT 'requested' NOT NULL,
	"due_date" date NOT NULL,
	"window_before_days" integer NOT NULL,
	"window_after_days" integer NOT NULL,
	"weeks" integer NOT NULL,
	"nights_per_week" integer NOT NULL,
	"weekdays" integer[] NOT NULL,
	"start_time_local" text NOT NULL,
	"end_time_local" text NOT NULL,
	"babies" integer DEFAULT 1 NOT NULL,
	"timezone" text NOT NULL,
	"address_text" text NOT NULL,
	"notes" text,
	"nightly_rate_cents" integer NOT NULL,
	"extra_baby_cents" integer DEFAULT 0 NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"reason" text,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "babies" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extra_baby_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "max_babies" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "extra_baby_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "reservation_window_before_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "reservation_window_after_days" integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "instant_reservations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_nurse_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_nurse_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interviews_nurse_idx" ON "interviews" USING btree ("nurse_id","status","scheduled_at");--> statement-breakpoint
CREATE INDEX "interviews_parent_idx" ON "interviews" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "interviews_reminder_idx" ON "interviews" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "reservation_events_reservation_idx" ON "reservation_events" USING btree ("reservation_id","id");--> statement-breakpoint
CREATE INDEX "reservations_nurse_status_idx" ON "reservations" USING btree ("nurse_id","status","due_date");--> statement-breakpoint
CREATE INDEX "reservations_parent_idx" ON "reservations" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_status_respond_idx" ON "reservations" USING btree ("status","respond_by");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_babies_range" CHECK ("babies" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_babies_range" CHECK ("babies" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD CONSTRAINT "nurse_profiles_max_babies_range" CHECK ("max_babies" BETWEEN 1 AND 3);--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_medium" CHECK ("medium" IN ('video', 'phone'));
