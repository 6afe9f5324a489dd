ALTER TABLE "crm_customer" ADD COLUMN "user_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_customer" ADD COLUMN "user_identity" smallint DEFAULT 2 NOT NULL;