CREATE TYPE "public"."problem_status" AS ENUM('open', 'released', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."payment_kind" ADD VALUE 'reversal';--> statement-breakpoint
CREATE TABLE "night_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurrence_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"reported_by" integer,
	"description" text NOT NULL,
	"status" "problem_status" DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"nurse_id" integer NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_reason" text,
	"bank_last4" text,
	"last_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_last4" text NOT NULL,
	"fails_payouts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "night_problems" ADD CONSTRAINT "night_problems_occurrence_id_booking_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."booking_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_problems" ADD CONSTRAINT "night_problems_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_problems" ADD CONSTRAINT "night_problems_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_problems" ADD CONSTRAINT "night_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_nurse_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "night_problems_occurrence_idx" ON "night_problems" USING btree ("occurrence_id");--> statement-breakpoint
CREATE INDEX "night_problems_status_idx" ON "night_problems" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_nurse_idx" ON "payout_accounts" USING btree ("nurse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_account_idx" ON "payout_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_transfers_key_idx" ON "test_provider_transfers" USING btree ("idempotency_key");