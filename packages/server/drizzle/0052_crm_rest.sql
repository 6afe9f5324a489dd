ALTER TABLE "crm_customer" ADD COLUMN "follow_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD COLUMN "follow_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_list_setting" ADD COLUMN "scenes" jsonb;