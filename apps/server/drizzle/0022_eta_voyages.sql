CREATE TABLE "eta_voyages" (
	"key" text NOT NULL,
	"id" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "eta_voyages_key_id_pk" PRIMARY KEY("key","id")
);
