CREATE TYPE "public"."charge_week_status" AS ENUM('scheduled', 'charging', 'paid', 'failed', 'released', 'waived');--> statement-breakpoint
CREATE TABLE "booking_charge_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"week" integer NOT NULL,
	"first_night_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" charge_week_status DEFAULT 'scheduled' NOT NULL,
	"payment_id" integer,
	"failed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"last4" text NOT NULL,
	"declines_charges" boolean DEFAULT false NOT NULL,
	"detached" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "week" integer;--> statement-breakpoint
ALTER TABLE "test_provider_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "test_provider_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "test_provider_intents" ADD COLUMN "saves_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_charge_weeks" ADD CONSTRAINT "booking_charge_weeks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charge_weeks" ADD CONSTRAINT "booking_charge_weeks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_charge_weeks_week_idx" ON "booking_charge_weeks" USING btree ("booking_id","week");--> statement-breakpoint
CREATE INDEX "booking_charge_weeks_due_idx" ON "booking_charge_weeks" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_idx" ON "payment_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");