-- A buyer token remembers the resource the OAuth token that verified it was for: one verified
-- through an MCP-only token is taken by the MCP server alone, as that token is.
ALTER TABLE "buyer_tokens" ADD COLUMN "resource" text;--> statement-breakpoint
-- Tokens verified before: which token verified them is not kept, only its grant. A grant that covers
-- the MCP resource alone could only have issued MCP tokens; any other grant also covered the REST API.
UPDATE "buyer_tokens" AS t SET "resource" = mcp_only."resource"
FROM (
  SELECT g."grant_id", rtrim(min(r.indicator), '/') AS "resource"
  FROM "oauth_records" AS g,
    jsonb_object_keys(CASE WHEN jsonb_typeof(g."payload" -> 'resources') = 'object' THEN g."payload" -> 'resources' ELSE '{}'::jsonb END) AS r(indicator)
  WHERE g."model" = 'Grant'
  GROUP BY g."grant_id"
  HAVING count(*) = 1 AND rtrim(min(r.indicator), '/') LIKE '%/api/mcp'
) AS mcp_only
WHERE t."grant_id" = mcp_only."grant_id";--> statement-breakpoint
-- Buyers registered with an OAuth token belonged to the client (`client:<id>`); they now belong to
-- the person for that client (`oauth:<client>:<account>`, as carts do). A buyer token records the
-- grant that verified it, and the grant (oauth_records, model Grant) its person and client: a buyer
-- whose every token resolves that way, to one person of its own client, becomes that person's.
UPDATE "buyers" AS b SET "owner" = 'oauth:' || substr(b."owner", 8) || ':' || sole."account_id"
FROM (
  SELECT c."id", min(g."payload" ->> 'accountId') AS "account_id"
  FROM "buyers" AS c
  JOIN "buyer_tokens" AS t ON t."buyer_id" = c."id"
  LEFT JOIN "oauth_records" AS g ON g."model" = 'Grant' AND g."grant_id" = t."grant_id" AND g."payload" ->> 'clientId' = substr(c."owner", 8)
  WHERE c."owner" LIKE 'client:%'
  GROUP BY c."id"
  HAVING count(*) = count(g."payload" ->> 'accountId') AND count(DISTINCT g."payload" ->> 'accountId') = 1
) AS sole
WHERE b."id" = sole."id";--> statement-breakpoint
-- The rest (never verified, verified by several people, or by a grant no longer known) cannot be
-- given to one person: deleting them deletes their codes and revokes their tokens (ON DELETE CASCADE).
DELETE FROM "buyers" WHERE "owner" LIKE 'client:%';
