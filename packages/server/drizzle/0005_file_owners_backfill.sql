-- Files stored before owners existed: attach each to the approval that names its batch (the form's
-- batch, a file field's value, an expense row's batchId) when the approval's applicant uploaded it,
-- and the settings' logos to the logo owner. Whatever stays unattached is an abandoned upload.
WITH named AS (
  SELECT e.examine_id, e.create_user_id, e.batch_id AS batch_id FROM oa_examine e WHERE e.batch_id <> ''
  UNION
  SELECT e.examine_id, e.create_user_id, v.value #>> '{}'
  FROM oa_examine e, jsonb_each(e.field_values) v
  WHERE jsonb_typeof(v.value) = 'string'
  UNION
  SELECT e.examine_id, e.create_user_id, r.item ->> 'batchId'
  FROM oa_examine e, jsonb_each(e.field_values) v, jsonb_array_elements(v.value) r(item)
  WHERE jsonb_typeof(v.value) = 'array' AND jsonb_typeof(r.item) = 'object' AND r.item ? 'batchId'
)
UPDATE "sys_file" f SET "owner_kind" = 'oa_examine', "owner_id" = n.examine_id
FROM named n
WHERE f."owner_kind" IS NULL AND f."batch_id" = n.batch_id AND f."create_user_id" = n.create_user_id;--> statement-breakpoint
UPDATE "sys_file" SET "owner_kind" = 'sys_logo', "owner_id" = 0 WHERE "owner_kind" IS NULL AND "batch_id" = 'sys-logo';
