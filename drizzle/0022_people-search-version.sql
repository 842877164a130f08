CREATE TABLE "people_search_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The accounts an admin search holds change only when an account is added, removed, renamed or
-- re-addressed, or a nurse profile is added, removed or moved to another account: each such
-- statement sets the version to the sequence's next value (versions never repeat, even after the
-- table is emptied). A server keeps a search's people with the version it read them at
-- (app/domain/admin/search-people.server.ts, docs/decisions/0040). The row's update holds its lock
-- to the end of the writer's transaction, so a reader sees the new version with the new names.
CREATE SEQUENCE "people_search_version_seq";--> statement-breakpoint
INSERT INTO "people_search_version" ("id", "version") VALUES (true, nextval('people_search_version_seq'));--> statement-breakpoint
CREATE FUNCTION "bump_people_search_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_search_version (id, version) VALUES (true, nextval('people_search_version_seq'))
  ON CONFLICT (id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_people_search_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "display_name", "email" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_people_search_version"();--> statement-breakpoint
CREATE TRIGGER "nurse_profiles_people_search_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "user_id" ON "nurse_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_people_search_version"();
