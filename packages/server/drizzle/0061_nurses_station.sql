-- hand-written: the nurses' station (issue 23, h-nurse): every role that may use sessions (划扣) works
-- the station, as the seed gives a new installation (客户管理员 holds crm:dealRecord:verify).
INSERT INTO "sys_role_permission" ("role_id", "permission")
SELECT rp."role_id", 'oa:workflow:nursesStation'
FROM "sys_role_permission" rp
WHERE rp."permission" = 'crm:dealRecord:verify'
ON CONFLICT DO NOTHING;
