CREATE TABLE "zones" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"locode" text,
	"geometry" jsonb,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"berth_status_incoming" boolean DEFAULT false NOT NULL,
	"timezone" text,
	"search_text" text DEFAULT '' NOT NULL,
	"min_lon" double precision,
	"min_lat" double precision,
	"max_lon" double precision,
	"max_lat" double precision,
	"source" text NOT NULL,
	"rank" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "port_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pc_id" text,
	"ais_visit_key" text,
	"port_code" text NOT NULL,
	"prev_port" text,
	"next_port" text,
	"mmsi" integer,
	"imo" integer,
	"ship_name" text,
	"ship_flag" text,
	"status" text NOT NULL,
	"eta" timestamp with time zone,
	"etd" timestamp with time zone,
	"ata" timestamp with time zone,
	"atd" timestamp with time zone,
	"sources" text[] NOT NULL,
	"timestamps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_state" text DEFAULT 'none' NOT NULL,
	"ship" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detector" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "zones_min_lat_idx" ON "zones" USING btree ("min_lat");--> statement-breakpoint
CREATE INDEX "zones_max_lat_idx" ON "zones" USING btree ("max_lat");--> statement-breakpoint
CREATE INDEX "zones_min_lon_idx" ON "zones" USING btree ("min_lon");--> statement-breakpoint
CREATE INDEX "zones_locode_idx" ON "zones" USING btree ("locode");--> statement-breakpoint
CREATE INDEX "zones_type_idx" ON "zones" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "port_calls_pc_id_unique" ON "port_calls" USING btree ("pc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "port_calls_ais_visit_key_unique" ON "port_calls" USING btree ("ais_visit_key");--> statement-breakpoint
CREATE INDEX "port_calls_port_status_idx" ON "port_calls" USING btree ("port_code","status");--> statement-breakpoint
CREATE INDEX "port_calls_mmsi_idx" ON "port_calls" USING btree ("mmsi");--> statement-breakpoint
CREATE INDEX "port_calls_imo_idx" ON "port_calls" USING btree ("imo");