-- The categories' field definitions now live in crm_field (0009 copied them).
ALTER TABLE "oa_examine_category" DROP COLUMN "fields";
