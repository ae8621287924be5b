ALTER TABLE "users" ADD COLUMN "scans_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below (drizzle-kit does not model triggers). Any change to a scan that the API can show bumps its
-- owner's scans_version in the same transaction, so a cached answer can never outlive the data it was read from,
-- whichever code path (or process) wrote. Worker heartbeats alone do not count: nothing shown depends on them.
CREATE FUNCTION "duescan_bump_scans_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "scans_version" = "scans_version" + 1 WHERE "id" = OLD."user_id";
    RETURN OLD;
  END IF;
  UPDATE "users" SET "scans_version" = "scans_version" + 1 WHERE "id" = NEW."user_id";
  IF TG_OP = 'UPDATE' AND OLD."user_id" IS DISTINCT FROM NEW."user_id" THEN
    UPDATE "users" SET "scans_version" = "scans_version" + 1 WHERE "id" = OLD."user_id";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "scans_bump_version_on_insert_delete" AFTER INSERT OR DELETE ON "scans"
  FOR EACH ROW EXECUTE FUNCTION "duescan_bump_scans_version"();--> statement-breakpoint
CREATE TRIGGER "scans_bump_version_on_update" AFTER UPDATE ON "scans"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'heartbeat_at') IS DISTINCT FROM (to_jsonb(NEW) - 'heartbeat_at'))
  EXECUTE FUNCTION "duescan_bump_scans_version"();
