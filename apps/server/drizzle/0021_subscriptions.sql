CREATE TABLE "subscription_cycles" (
	"subscription_id" uuid NOT NULL,
	"cycle_date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"transaction_id" uuid,
	"failure" text,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_cycles_subscription_id_cycle_date_pk" PRIMARY KEY("subscription_id","cycle_date")
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"by" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"buyer_org_id" uuid NOT NULL,
	"seller_org_id" uuid NOT NULL,
	"schedule" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"port" text,
	"line" jsonb NOT NULL,
	"quantity" double precision NOT NULL,
	"cycle_amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_buyer_org_id_organizations_id_fk" FOREIGN KEY ("buyer_org_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_seller_org_id_organizations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","seq");--> statement-breakpoint
CREATE INDEX "subscriptions_buyer_org_idx" ON "subscriptions" USING btree ("buyer_org_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_seller_org_idx" ON "subscriptions" USING btree ("seller_org_id","created_at");