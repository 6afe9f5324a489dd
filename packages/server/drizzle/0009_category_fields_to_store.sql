-- Approval categories' field definitions move from the JSON column oa_examine_category.fields to the
-- field store (label 10, scope_id = the category), in their order. Field names are kept: stored
-- values are keyed by them. Field ids are new (global); the forms send names, a stale id only misses.
INSERT INTO "crm_field" ("label", "scope_id", "field_name", "name", "form_type", "field_type", "is_null", "is_unique",
                         "options", "default_value", "input_tips", "max_length", "sort")
SELECT 10, c."category_id",
       coalesce(nullif(f.def ->> 'fieldName', ''), 'field_' || coalesce(f.def ->> 'fieldId', f.ord::text)),
       left(coalesce(f.def ->> 'name', ''), 50),
       coalesce(f.def ->> 'formType', 'text'),
       0,
       coalesce((f.def ->> 'isNull')::smallint, 0),
       coalesce((f.def ->> 'isUnique')::smallint, 0),
       CASE WHEN jsonb_typeof(f.def -> 'options') = 'array' THEN f.def -> 'options' ELSE '[]'::jsonb END,
       CASE WHEN jsonb_typeof(f.def -> 'defaultValue') = 'null' THEN NULL ELSE f.def -> 'defaultValue' END,
       left(coalesce(f.def ->> 'inputTips', ''), 100),
       (f.def ->> 'maxLength')::integer,
       f.ord - 1
FROM "oa_examine_category" c
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c."fields") = 'array' THEN c."fields" ELSE '[]'::jsonb END)
  WITH ORDINALITY AS f(def, ord)
WHERE jsonb_typeof(f.def) = 'object'
ON CONFLICT ("label", "scope_id", "field_name") DO NOTHING;--> statement-breakpoint
-- Names of fields removed before the move still key values of older approvals: keep each as a
-- tombstone of its category, so a field added later never takes such a name (and its old values).
INSERT INTO "crm_field" ("label", "scope_id", "field_name", "name", "form_type", "sort", "is_deleted")
SELECT DISTINCT 10, e."category_id", k.key, k.key, 'text', 0, true
FROM "oa_examine" e
JOIN "oa_examine_category" c ON c."category_id" = e."category_id" AND NOT c."is_system"
CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(e."field_values") = 'object' THEN e."field_values" ELSE '{}'::jsonb END) AS k(key)
WHERE k.key ~ '^[A-Za-z][A-Za-z0-9_]{0,49}$'
ON CONFLICT ("label", "scope_id", "field_name") DO NOTHING;
