CREATE TABLE "transaction_idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "transaction_transitions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"by" text NOT NULL,
	"actor_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_alias" text NOT NULL,
	"process_version" integer NOT NULL,
	"state" text NOT NULL,
	"last_transition" text NOT NULL,
	"last_transitioned_at" timestamp with time zone NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"quantity" double precision NOT NULL,
	"stock_reserved" integer DEFAULT 0 NOT NULL,
	"booking_start" timestamp with time zone NOT NULL,
	"booking_end" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"payin_total" bigint NOT NULL,
	"payout_total" bigint NOT NULL,
	"protected_data" jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reviews" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_transitions" ADD CONSTRAINT "transaction_transitions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_transitions_tx_idx" ON "transaction_transitions" USING btree ("transaction_id","seq");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_provider_idx" ON "transactions" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_provider_last_idx" ON "transactions" USING btree ("provider_id","last_transition","last_transitioned_at");--> statement-breakpoint
CREATE INDEX "transactions_booking_idx" ON "transactions" USING btree ("listing_id","booking_start","booking_end") WHERE state not in ('declined', 'cancelled');