CREATE TABLE "crm_contract" (
	"contract_id" serial PRIMARY KEY NOT NULL,
	"num" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"customer_id" integer NOT NULL,
	"business_id" integer,
	"money" numeric(12, 2) DEFAULT '0' NOT NULL,
	"order_date" date,
	"start_time" date,
	"end_time" date,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"check_status" smallint DEFAULT 5 NOT NULL,
	"examine_record_id" integer,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"search_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contract_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "crm_receivables" (
	"receivables_id" serial PRIMARY KEY NOT NULL,
	"number" varchar(50) NOT NULL,
	"customer_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"plan_id" integer,
	"return_time" date NOT NULL,
	"money" numeric(12, 2) NOT NULL,
	"return_type" varchar(20) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"check_status" smallint DEFAULT 5 NOT NULL,
	"examine_record_id" integer,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"search_key" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_receivables_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE TABLE "crm_receivables_plan" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"num" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"money" numeric(12, 2) NOT NULL,
	"return_date" date NOT NULL,
	"return_type" varchar(20) DEFAULT '' NOT NULL,
	"remind" integer DEFAULT 0 NOT NULL,
	"remind_date" date NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_contract" ADD CONSTRAINT "crm_contract_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_receivables" ADD CONSTRAINT "crm_receivables_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_receivables" ADD CONSTRAINT "crm_receivables_contract_id_crm_contract_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."crm_contract"("contract_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_receivables" ADD CONSTRAINT "crm_receivables_plan_id_crm_receivables_plan_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."crm_receivables_plan"("plan_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_receivables_plan" ADD CONSTRAINT "crm_receivables_plan_contract_id_crm_contract_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."crm_contract"("contract_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_receivables_plan" ADD CONSTRAINT "crm_receivables_plan_customer_id_crm_customer_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customer"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_contract_num_uq" ON "crm_contract" USING btree ("num");--> statement-breakpoint
CREATE INDEX "crm_contract_owner_update_idx" ON "crm_contract" USING btree ("owner_user_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contract_update_idx" ON "crm_contract" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_contract_customer_idx" ON "crm_contract" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_contract_business_idx" ON "crm_contract" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "crm_contract_check_idx" ON "crm_contract" USING btree ("check_status");--> statement-breakpoint
CREATE INDEX "crm_contract_end_idx" ON "crm_contract" USING btree ("end_time") WHERE check_status = 1;--> statement-breakpoint
CREATE INDEX "crm_contract_fields_idx" ON "crm_contract" USING gin ("fields");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_receivables_number_uq" ON "crm_receivables" USING btree ("number");--> statement-breakpoint
CREATE INDEX "crm_receivables_owner_update_idx" ON "crm_receivables" USING btree ("owner_user_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_receivables_update_idx" ON "crm_receivables" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_receivables_contract_idx" ON "crm_receivables" USING btree ("contract_id","check_status");--> statement-breakpoint
CREATE INDEX "crm_receivables_customer_idx" ON "crm_receivables" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_receivables_plan_idx" ON "crm_receivables" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "crm_receivables_check_idx" ON "crm_receivables" USING btree ("check_status");--> statement-breakpoint
CREATE INDEX "crm_receivables_fields_idx" ON "crm_receivables" USING gin ("fields");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_receivables_plan_num_uq" ON "crm_receivables_plan" USING btree ("contract_id","num");--> statement-breakpoint
CREATE INDEX "crm_receivables_plan_customer_idx" ON "crm_receivables_plan" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "crm_receivables_plan_remind_idx" ON "crm_receivables_plan" USING btree ("remind_date");