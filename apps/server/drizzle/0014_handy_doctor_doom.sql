CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"type" text NOT NULL,
	"rating" integer NOT NULL,
	"content" text NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_transaction_type_key" UNIQUE("transaction_id","type")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_listing_idx" ON "reviews" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","created_at");--> statement-breakpoint
-- Reviews recorded before this table existed live only in transactions.reviews: copied once.
INSERT INTO "reviews" ("transaction_id", "type", "rating", "content", "author_id", "subject_id", "listing_id", "created_at")
SELECT t."id", r->>'type', (r->>'rating')::integer, r->>'content', (r->>'authorId')::uuid,
  CASE WHEN r->>'type' = 'ofProvider' THEN t."provider_id" ELSE t."customer_id" END,
  t."listing_id", (r->>'createdAt')::timestamptz
FROM "transactions" t, jsonb_array_elements(t."reviews") r
ON CONFLICT DO NOTHING;
