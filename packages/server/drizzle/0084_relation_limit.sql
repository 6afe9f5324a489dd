-- hand-written:
-- 服务三级 (the customer's `relation`) holds at most 50 characters (its column's limit). Its fixed-field
-- definition was put in without a limit, so forms and the import fell back to 200; installations that
-- already have the definition get the declared limit (new ones get it from the declaration).
UPDATE crm_field SET max_length = 50
WHERE label = 2 AND scope_id = 0 AND field_name = 'relation' AND field_type = 1
  AND (max_length IS NULL OR max_length > 50);
