CREATE TABLE "payment_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "local_pay_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_pay_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"account_type" text NOT NULL,
	"country" text NOT NULL,
	"default_currency" text NOT NULL,
	"business_profile_url" text,
	"business_profile_mcc" text NOT NULL,
	"bank_account" jsonb,
	"verified_as" jsonb,
	"status" text NOT NULL,
	"currently_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_pay_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_pay_bank_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"bank_account" jsonb NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_pay_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"default_payment_method_id" text,
	CONSTRAINT "local_pay_customers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_pay_ledger" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_intent_id" text,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_pay_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"account_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_pay_movements_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_pay_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_pay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"transaction_id" text,
	"amount" bigint NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"amount_transferred" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"destination_account_id" text,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_pay_payments_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "local_pay_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"idempotency_key" text,
	"customer_id" text,
	"customer_email" text,
	"transaction_id" text,
	"description" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"currency" text,
	"destination_account_id" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent_id" text,
	"payment_method_id" text,
	"failure_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_pay_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_pay_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_actions_pending_idx" ON "payment_actions" USING btree ("created_at") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_actions_tx_kind_idx" ON "payment_actions" USING btree ("transaction_id","kind");--> statement-breakpoint
CREATE INDEX "payment_checkouts_tx_idx" ON "payment_checkouts" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "local_pay_ledger_account_idx" ON "local_pay_ledger" USING btree ("account");--> statement-breakpoint
CREATE INDEX "local_pay_ledger_pi_idx" ON "local_pay_ledger" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "local_pay_pm_customer_idx" ON "local_pay_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "local_pay_webhooks_pending_idx" ON "local_pay_webhooks" USING btree ("created_at") WHERE delivered_at is null;