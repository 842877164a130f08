CREATE TYPE "public"."credential_kind" AS ENUM('RN', 'LPN', 'CNA', 'NCS', 'CPR', 'Doula', 'Other');--> statement-breakpoint
CREATE TYPE "public"."credential_status" AS ENUM('submitted', 'current', 'expiring', 'expired', 'revoked', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."license_lookup_outcome" AS ENUM('active', 'expired', 'encumbered', 'not_found');--> statement-breakpoint
CREATE TYPE "public"."profile_change_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "nurse_credential_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"credential_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" "credential_status",
	"to_status" "credential_status",
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurse_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"nurse_profile_id" integer NOT NULL,
	"kind" "credential_kind" NOT NULL,
	"number" text,
	"issuer" text NOT NULL,
	"expires_on" date,
	"document_file_id" integer,
	"status" "credential_status" DEFAULT 'submitted' NOT NULL,
	"lookup_outcome" "license_lookup_outcome",
	"lookup_source" text,
	"checked_at" timestamp with time zone,
	"checked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurse_profile_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nurse_profile_id" integer NOT NULL,
	"status" "profile_change_status" DEFAULT 'pending' NOT NULL,
	"display_name" text,
	"photo_file_id" integer,
	"certification_file_id" integer,
	"id_document_file_id" integer,
	"credentials" text[],
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"notice" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "lapsed_reason" text;--> statement-breakpoint
ALTER TABLE "nurse_credential_events" ADD CONSTRAINT "nurse_credential_events_credential_id_nurse_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."nurse_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_credential_events" ADD CONSTRAINT "nurse_credential_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_credentials" ADD CONSTRAINT "nurse_credentials_nurse_profile_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_profile_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_credentials" ADD CONSTRAINT "nurse_credentials_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_credentials" ADD CONSTRAINT "nurse_credentials_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_profile_changes" ADD CONSTRAINT "nurse_profile_changes_nurse_profile_id_nurse_profiles_id_fk" FOREIGN KEY ("nurse_profile_id") REFERENCES "public"."nurse_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_profile_changes" ADD CONSTRAINT "nurse_profile_changes_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_profile_changes" ADD CONSTRAINT "nurse_profile_changes_certification_file_id_files_id_fk" FOREIGN KEY ("certification_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_profile_changes" ADD CONSTRAINT "nurse_profile_changes_id_document_file_id_files_id_fk" FOREIGN KEY ("id_document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_profile_changes" ADD CONSTRAINT "nurse_profile_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nurse_credential_events_credential_idx" ON "nurse_credential_events" USING btree ("credential_id","id");--> statement-breakpoint
CREATE INDEX "nurse_credentials_nurse_idx" ON "nurse_credentials" USING btree ("nurse_profile_id","kind","id");--> statement-breakpoint
CREATE INDEX "nurse_credentials_status_expiry_idx" ON "nurse_credentials" USING btree ("status","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "nurse_profile_changes_pending_idx" ON "nurse_profile_changes" USING btree ("nurse_profile_id") WHERE "nurse_profile_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "nurse_profile_changes_status_idx" ON "nurse_profile_changes" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_notices_once_idx" ON "verification_notices" USING btree ("subject","subject_id","notice");