CREATE TABLE "people_search_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The accounts an admin search holds change only when an account is added, removed, renamed or
-- re-addressed, or a nurse profile is added, removed or moved to another account: each statement
-- that does so (one that changes no such row does not) sets the version to the sequence's next
-- value, so versions never repeat, even after the table is emptied. A server keeps a search's
-- people with the version it read them at (app/domain/admin/search-people.server.ts,
-- docs/decisions/0040). The row's update holds its lock to the end of the writer's transaction, so
-- a reader sees the new version with the new names. (A trigger with transition tables can have
-- neither several events nor a column list: one trigger per event, the columns compared here.)
CREATE SEQUENCE "people_search_version_seq";--> statement-breakpoint
INSERT INTO "people_search_version" ("id", "version") VALUES (true, nextval('people_search_version_seq'));--> statement-breakpoint
CREATE FUNCTION "bump_people_search_version"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO people_search_version (id, version) VALUES (true, nextval('people_search_version_seq'))
  ON CONFLICT (id) DO UPDATE SET version = excluded.version
$$;--> statement-breakpoint
CREATE FUNCTION "people_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM bump_people_search_version();
  ELSIF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN PERFORM bump_people_search_version(); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM bump_people_search_version(); END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.display_name IS DISTINCT FROM n.display_name OR o.email IS DISTINCT FROM n.email
    ) THEN
      PERFORM bump_people_search_version();
    END IF;
  ELSE
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.user_id IS DISTINCT FROM n.user_id) THEN
      PERFORM bump_people_search_version();
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_inserted_people_search" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "users_updated_people_search" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "users_deleted_people_search" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "users_truncated_people_search" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "nurse_profiles_inserted_people_search" AFTER INSERT ON "nurse_profiles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "nurse_profiles_updated_people_search" AFTER UPDATE ON "nurse_profiles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "nurse_profiles_deleted_people_search" AFTER DELETE ON "nurse_profiles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();--> statement-breakpoint
CREATE TRIGGER "nurse_profiles_truncated_people_search" AFTER TRUNCATE ON "nurse_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "people_search_changed"();
