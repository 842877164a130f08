CREATE TABLE "admin_stats_counts" (
	"id" integer PRIMARY KEY NOT NULL,
	"active_bookings" integer NOT NULL,
	"pending_verifications" integer NOT NULL,
	"total_payouts_due_cents" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL
);
