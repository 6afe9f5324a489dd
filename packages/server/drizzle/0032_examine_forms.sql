CREATE TABLE "oa_examine_bank_label" (
	"label_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payee" varchar(50) NOT NULL,
	"bank_card" varchar(30) NOT NULL,
	"bank_of_deposit" varchar(50) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_examine_block" (
	"examine_id" integer PRIMARY KEY NOT NULL,
	"type" varchar(30) NOT NULL,
	"model" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oa_examine_expense_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"examine_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"seq" smallint NOT NULL,
	"money" numeric(12, 2) NOT NULL,
	"start_date" date,
	"end_date" date,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"vehicle" varchar(20),
	"end_address" varchar(50),
	"payee" varchar(50),
	"bank_account" varchar(30),
	"bank_deposit" varchar(50)
);
--> statement-breakpoint
CREATE TABLE "oa_examine_leave" (
	"examine_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"leave_type" smallint NOT NULL,
	"start_time" date NOT NULL,
	"end_time" date NOT NULL,
	"duration" numeric(8, 2) NOT NULL,
	"handover_user_id" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oa_examine_block" ADD CONSTRAINT "oa_examine_block_examine_id_oa_examine_examine_id_fk" FOREIGN KEY ("examine_id") REFERENCES "public"."oa_examine"("examine_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_examine_expense_line" ADD CONSTRAINT "oa_examine_expense_line_examine_id_oa_examine_examine_id_fk" FOREIGN KEY ("examine_id") REFERENCES "public"."oa_examine"("examine_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oa_examine_leave" ADD CONSTRAINT "oa_examine_leave_examine_id_oa_examine_examine_id_fk" FOREIGN KEY ("examine_id") REFERENCES "public"."oa_examine"("examine_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oa_examine_bank_label_user_idx" ON "oa_examine_bank_label" USING btree ("user_id","label_id");--> statement-breakpoint
CREATE INDEX "oa_examine_expense_line_examine_idx" ON "oa_examine_expense_line" USING btree ("examine_id","seq");--> statement-breakpoint
CREATE INDEX "oa_examine_leave_user_idx" ON "oa_examine_leave" USING btree ("user_id","leave_type","start_time");