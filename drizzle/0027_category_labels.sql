CREATE TABLE "category_labels" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
-- The categories already written, each as the facet showed it until now: its cheapest product's spelling.
INSERT INTO "category_labels" ("key", "label")
SELECT DISTINCT ON ("category_key") "category_key", "category" FROM "products" ORDER BY "category_key", "price_min", "id";
