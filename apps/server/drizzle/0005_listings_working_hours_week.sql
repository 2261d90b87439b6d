-- Working hours were a list of open {dayOfWeek, start, end} entries; they are now
-- a weekly schedule (every weekday open from-to, or closed) with an optional note.
-- Several entries on one day become one span: the earliest opening to the latest closing.
UPDATE listings l
SET extra = jsonb_set(l.extra, '{workingHours}', jsonb_build_object(
  'days', (
    SELECT jsonb_object_agg(d.day, CASE
      WHEN s.opens IS NOT NULL AND left(s.opens::text, 5) < left(s.closes::text, 5)
        THEN jsonb_build_object('open', true, 'from', left(s.opens::text, 5), 'to', left(s.closes::text, 5))
      ELSE '{"open": false}'::jsonb END)
    FROM unnest(ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) AS d(day)
    CROSS JOIN LATERAL (
      SELECT min((e->>'start')::time) AS opens, max((e->>'end')::time) AS closes
      FROM jsonb_array_elements(l.extra->'workingHours') e
      WHERE e->>'dayOfWeek' = d.day
    ) s
  ),
  'note', null))
WHERE jsonb_typeof(l.extra->'workingHours') = 'array';
--> statement-breakpoint
-- The old editor saved pricingType FIXED on every pricing save while buyers read
-- rfqRequired; rfqRequired was the truth, and the two now always agree.
UPDATE listings
SET extra = extra || jsonb_build_object(
  'pricingType', CASE WHEN coalesce((extra->>'rfqRequired')::boolean, false) THEN 'RFQ' ELSE 'FIXED' END,
  'rfqRequired', coalesce((extra->>'rfqRequired')::boolean, false))
WHERE extra ? 'pricingType' OR extra ? 'rfqRequired';
