CREATE TABLE "forex_rates" (
	"date" date NOT NULL,
	"currency" text NOT NULL,
	"rate" double precision NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forex_rates_date_currency_pk" PRIMARY KEY("date","currency")
);
