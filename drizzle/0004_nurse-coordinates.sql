ALTER TABLE "nurse_profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "nurse_profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "nurse_profiles_lat_lon_idx" ON "nurse_profiles" USING btree ("latitude","longitude");