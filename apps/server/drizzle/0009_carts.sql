CREATE TABLE "cart_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"quantity" double precision NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"delivery_method" text NOT NULL,
	"delivery_address" jsonb,
	"delivery_notes" text,
	"transaction_id" text,
	"placed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_template_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" double precision NOT NULL,
	"delivery_method" text NOT NULL,
	"delivery_address" jsonb,
	"delivery_notes" text,
	"duration_minutes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ship_name" text NOT NULL,
	"ship_imo" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"ship_name" text NOT NULL,
	"ship_imo" integer,
	"port_call_id" text,
	"port_name" text,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_template_products" ADD CONSTRAINT "cart_template_products_template_id_cart_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "cart_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_template_products" ADD CONSTRAINT "cart_template_products_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_templates" ADD CONSTRAINT "cart_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_products_cart_idx" ON "cart_products" USING btree ("cart_id","created_at");--> statement-breakpoint
CREATE INDEX "cart_products_listing_idx" ON "cart_products" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "cart_template_products_template_idx" ON "cart_template_products" USING btree ("template_id","position");--> statement-breakpoint
CREATE INDEX "cart_template_products_listing_idx" ON "cart_template_products" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "cart_templates_owner_idx" ON "cart_templates" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "carts_owner_idx" ON "carts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_active_idx" ON "carts" USING btree ("owner_id") WHERE active;