-- The listing timers move onto the one timer table: pending rows carry over (key = listing id), done rows are dropped.
INSERT INTO "timers" ("kind", "key", "due_at", "created_at", "updated_at")
SELECT 'listing-' || "kind", "listing_id"::text, "run_at", "created_at", now() FROM "listing_timers" WHERE "done_at" IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "listing_timers" CASCADE;
