DROP INDEX "nurse_profiles_lat_lon_idx";--> statement-breakpoint
CREATE INDEX "nurse_profiles_lat_lon_id_idx" ON "nurse_profiles" USING btree ("latitude","longitude","id");