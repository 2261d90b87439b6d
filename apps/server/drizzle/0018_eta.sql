CREATE TABLE "eta_knowledge" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"voyages" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
