CREATE TYPE "public"."background_check_result" AS ENUM('clear', 'consider', 'suspended');--> statement-breakpoint
CREATE TYPE "public"."background_check_status" AS ENUM('invited', 'pending', 'needs_review', 'clear', 'approved', 'pre_adverse', 'adverse', 'suspended');--> statement-breakpoint
CREATE TABLE "background_check_adverse_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"provider_adverse_action_id" text,
	"pre_adverse_sent_at" timestamp with time zone NOT NULL,
	"earliest_final_at" timestamp with time zone NOT NULL,
	"dispute_note" text,
	"disputed_at" timestamp with time zone,
	"final_sent_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_check_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" "background_check_status",
	"to_status" "background_check_status",
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"nurse_profile_id" integer NOT NULL,
	"provider" text NOT NULL,
	"candidate_id" text NOT NULL,
	"invitation_id" text,
	"invitation_url" text,
	"report_id" text,
	"status" "background_check_status" NOT NULL,
	"result" "background_check_result",
	"screenings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consent_name" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"invited_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_check_adverse_actions" ADD CONSTRAINT "background_check_adverse_actions_check_id_background_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."background_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_check_adverse_actions" ADD CONSTRAINT "background_check_adverse_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_check_events" ADD CONSTRAINT "background_check_events_check_id_background_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."background_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_check_events" ADD CONSTRAINT "background_check_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_checks" ADD CONSTRAINT "background_checks_nurse_profile_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_profile_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_checks" ADD CONSTRAINT "background_checks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "background_check_adverse_actions_check_idx" ON "background_check_adverse_actions" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "background_check_events_check_idx" ON "background_check_events" USING btree ("check_id","id");--> statement-breakpoint
CREATE INDEX "background_checks_nurse_idx" ON "background_checks" USING btree ("nurse_profile_id","id");--> statement-breakpoint
CREATE INDEX "background_checks_status_idx" ON "background_checks" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "background_checks_report_idx" ON "background_checks" USING btree ("provider","report_id");--> statement-breakpoint
CREATE INDEX "background_checks_candidate_idx" ON "background_checks" USING btree ("provider","candidate_id");