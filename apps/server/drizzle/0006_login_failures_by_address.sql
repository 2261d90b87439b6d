DROP INDEX "login_failures_user_at_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "email" text;--> statement-breakpoint
UPDATE "login_failures" f SET "email" = u."email" FROM "users" u WHERE u."id" = f."user_id";--> statement-breakpoint
DELETE FROM "login_failures" WHERE "email" IS NULL OR "ip" IS NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ALTER COLUMN "ip" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_email_ip_at_idx" ON "login_failures" USING btree ("email","ip","at");
