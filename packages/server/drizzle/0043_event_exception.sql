CREATE TABLE "oa_event_exception" (
	"event_id" integer NOT NULL,
	"series_day" date NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"start_day" date,
	"end_day" date,
	"start_min" smallint,
	"end_min" smallint,
	"remind_minutes" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oa_event_exception_event_id_series_day_pk" PRIMARY KEY("event_id","series_day")
);
