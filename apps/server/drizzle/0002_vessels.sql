CREATE TABLE "vessel_positions" (
	"mmsi" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"sog" real,
	"cog" real,
	"heading" smallint,
	"nav_status" smallint,
	CONSTRAINT "vessel_positions_mmsi_at_pk" PRIMARY KEY("mmsi","at")
);
--> statement-breakpoint
CREATE TABLE "vessel_registry" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"mmsi" integer,
	"imo" integer,
	"name" text,
	"flag" text,
	"owner" text,
	"manager" text,
	"capacity_dwt" real,
	"capacity_gt" real,
	"capacity_nt" real,
	"length" real,
	"width" real,
	"build_year" smallint,
	"class_society" text,
	"draught_min" real,
	"draught_max" real,
	"harbor_ship_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vessel_registry_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"mmsi" integer PRIMARY KEY NOT NULL,
	"name" text,
	"call_sign" text,
	"imo" integer,
	"ship_type" smallint,
	"ref_a" smallint,
	"ref_b" smallint,
	"ref_c" smallint,
	"ref_d" smallint,
	"draught" real,
	"destination" text,
	"eta" timestamp with time zone,
	"simulated" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vessel_positions_at_idx" ON "vessel_positions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "vessel_registry_mmsi_idx" ON "vessel_registry" USING btree ("mmsi");--> statement-breakpoint
CREATE INDEX "vessel_registry_imo_idx" ON "vessel_registry" USING btree ("imo");