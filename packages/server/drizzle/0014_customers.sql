CREATE TABLE "crm_customer" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"customer_name" varchar(50) NOT NULL,
	"mobile" varchar(11) DEFAULT '' NOT NULL,
	"has_old_customer" boolean DEFAULT true NOT NULL,
	"gender" smallint DEFAULT 1 NOT NULL,
	"shop_owner_id" integer,
	"relation" varchar(50) DEFAULT '' NOT NULL,
	"id_card" varchar(18) DEFAULT '' NOT NULL,
	"gat_id_card" varchar(30) DEFAULT '' NOT NULL,
	"id_card_url" varchar(300) DEFAULT '' NOT NULL,
	"has_sign" boolean DEFAULT false NOT NULL,
	"sign_time" varchar(10),
	"sign_item_user_ids" varchar(2000) DEFAULT '' NOT NULL,
	"deal_status" smallint DEFAULT 0 NOT NULL,
	"is_lock" boolean DEFAULT false NOT NULL,
	"owner_user_id" integer,
	"create_user_id" integer NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" varchar(40) NOT NULL,
	"next_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_customer_batch_id_unique" UNIQUE("batch_id")
);
--> statement-breakpoint
CREATE INDEX "crm_customer_owner_update_idx" ON "crm_customer" USING btree ("owner_user_id","update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_customer_update_idx" ON "crm_customer" USING btree ("update_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_customer_shop_idx" ON "crm_customer" USING btree ("shop_owner_id");--> statement-breakpoint
CREATE INDEX "crm_customer_mobile_idx" ON "crm_customer" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "crm_customer_fields_idx" ON "crm_customer" USING gin ("fields");--> statement-breakpoint
CREATE INDEX "crm_customer_pool_idx" ON "crm_customer" USING btree ("update_time" DESC NULLS LAST) WHERE owner_user_id is null;