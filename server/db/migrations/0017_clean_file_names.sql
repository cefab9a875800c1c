-- Stored file names lose the characters no name may hold any more (server/contracts/files.ts):
-- control characters, line separators and bidirectional controls, which made a name read
-- otherwise than it is. A name left empty (or a bare dot) becomes "file".
UPDATE "file_items" SET "name" = CASE WHEN c.cleaned IN ('', '.', '..') THEN 'file' ELSE c.cleaned END
FROM (
	SELECT "id", btrim(regexp_replace("name", '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]', '', 'g')) AS cleaned
	FROM "file_items"
	WHERE "name" ~ '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]'
) c
WHERE "file_items"."id" = c."id";
--> statement-breakpoint
UPDATE "attachments" SET "file_name" = CASE WHEN c.cleaned IN ('', '.', '..') THEN 'file' ELSE c.cleaned END
FROM (
	SELECT "id", btrim(regexp_replace("file_name", '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]', '', 'g')) AS cleaned
	FROM "attachments"
	WHERE "file_name" ~ '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]'
) c
WHERE "attachments"."id" = c."id";
