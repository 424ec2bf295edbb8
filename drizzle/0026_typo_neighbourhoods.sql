-- A word and every string one letter shorter: its deletion neighbourhood (db/schema.ts, wordNeighbourhood).
CREATE FUNCTION word_and_deletions(word text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT word UNION ALL SELECT left(word, i) || substr(word, i + 2) FROM generate_series(0, length(word) - 1) i)
$$;--> statement-breakpoint
CREATE INDEX "search_words_neighbourhood_idx" ON "search_words" USING gin (word_and_deletions("word")) WHERE length("search_words"."word") <= 8;
