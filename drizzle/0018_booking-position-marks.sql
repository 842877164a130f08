CREATE TABLE "booking_position_marks" (
	"scope" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"booking_id" integer NOT NULL,
	CONSTRAINT "booking_position_marks_scope_position_pk" PRIMARY KEY("scope","position")
);
--> statement-breakpoint
CREATE INDEX "booking_position_marks_created_idx" ON "booking_position_marks" USING btree ("scope","created_at");--> statement-breakpoint
-- Marks at or after a changed booking are deleted in the scopes it touches (docs/decisions/0036):
-- an insert or a delete touches every booking's scope ('all') and its status's; a status change
-- the old and the new status; a changed created_at every scope of both. The shared advisory lock
-- (7_346_281, BOOKING_MARKS_LOCK in app/domain/admin/booking-marks.server.ts) is held to the end of
-- the writer's transaction: a builder takes it exclusively, so it counts only committed bookings,
-- and a writer still running deletes whatever a builder marked past its booking once it is free.
CREATE FUNCTION "clear_booking_position_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status IS DISTINCT FROM n.status OR o.created_at IS DISTINCT FROM n.created_at
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(7346281);
    DELETE FROM booking_position_marks m
    USING (
      SELECT t.scope, min(least(o.created_at, n.created_at)) AS since
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        ('all', o.created_at IS DISTINCT FROM n.created_at),
        (o.status::text, true),
        (n.status::text, true)
      ) AS t(scope, touched)
      WHERE (o.status IS DISTINCT FROM n.status OR o.created_at IS DISTINCT FROM n.created_at) AND t.touched
      GROUP BY t.scope
    ) AS c
    WHERE m.scope = c.scope AND m.created_at >= c.since;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(7346281);
    DELETE FROM booking_position_marks m
    USING (
      SELECT t.scope, min(r.created_at) AS since
      FROM new_rows r CROSS JOIN LATERAL (VALUES ('all'), (r.status::text)) AS t(scope)
      GROUP BY t.scope
    ) AS c
    WHERE m.scope = c.scope AND m.created_at >= c.since;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(7346281);
    DELETE FROM booking_position_marks m
    USING (
      SELECT t.scope, min(r.created_at) AS since
      FROM old_rows r CROSS JOIN LATERAL (VALUES ('all'), (r.status::text)) AS t(scope)
      GROUP BY t.scope
    ) AS c
    WHERE m.scope = c.scope AND m.created_at >= c.since;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_inserted_clear_marks" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clear_booking_position_marks"();
--> statement-breakpoint
CREATE TRIGGER "bookings_updated_clear_marks" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clear_booking_position_marks"();
--> statement-breakpoint
CREATE TRIGGER "bookings_deleted_clear_marks" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "clear_booking_position_marks"();
