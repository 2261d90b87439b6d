CREATE TABLE "organization_ports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"port" text NOT NULL,
	"city" text,
	"street" text,
	"zip" text,
	"email" text,
	"phone" text,
	"lat" double precision,
	"lon" double precision,
	"hide_map" boolean DEFAULT false NOT NULL,
	"office_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"variants" jsonb NOT NULL,
	"version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"seats" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_images" (
	"listing_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "listing_images_listing_id_image_id_pk" PRIMARY KEY("listing_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "listing_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"price_amount" bigint,
	"price_currency" text,
	"port" text,
	"categories" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"available_from" date,
	"available_to" date,
	"lat" double precision,
	"lng" double precision,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"availability_plan" jsonb,
	"current_stock" integer,
	"delete_requested_at" timestamp with time zone,
	"delete_request_title" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('finnish'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
  setweight(to_tsvector('finnish'::regconfig, coalesce(description, '')), 'B')) STORED
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "short_description" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "long_description" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "operating_ports" text[] DEFAULT ARRAY[]::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "main_image_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "icon_image_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_ports" ADD CONSTRAINT "organization_ports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_availability_exceptions" ADD CONSTRAINT "listing_availability_exceptions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_timers" ADD CONSTRAINT "listing_timers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_ports_org_idx" ON "organization_ports" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_ports_port_idx" ON "organization_ports" USING btree ("port");--> statement-breakpoint
CREATE INDEX "listing_exceptions_range_idx" ON "listing_availability_exceptions" USING btree ("listing_id","start");--> statement-breakpoint
CREATE INDEX "listing_images_pos_idx" ON "listing_images" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_timers_due_idx" ON "listing_timers" USING btree ("run_at") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "listings_author_idx" ON "listings" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_org_idx" ON "listings" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "listings_state_idx" ON "listings" USING btree ("state");--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search") WHERE state = 'published' and is_visible and delete_requested_at is null;--> statement-breakpoint
CREATE INDEX "listings_categories_idx" ON "listings" USING gin ("categories") WHERE state = 'published' and is_visible and delete_requested_at is null;--> statement-breakpoint
CREATE INDEX "listings_port_created_idx" ON "listings" USING btree ("port","created_at") WHERE state = 'published' and is_visible and delete_requested_at is null;--> statement-breakpoint
CREATE INDEX "listings_created_idx" ON "listings" USING btree ("created_at") WHERE state = 'published' and is_visible and delete_requested_at is null;--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("price_amount") WHERE state = 'published' and is_visible and delete_requested_at is null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_main_image_id_images_id_fk" FOREIGN KEY ("main_image_id") REFERENCES "images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_icon_image_id_images_id_fk" FOREIGN KEY ("icon_image_id") REFERENCES "images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_operating_ports_idx" ON "organizations" USING gin ("operating_ports");