-- testdata/db/pg-columns.sql: a PostgreSQL database's columns as
-- dgslint --schema reads them, the query dgslint --snapshot runs (in a
-- read-only transaction), for psql:
--   psql "$DATABASE_URL" -c "\copy ($(grep -v '^--' pg-columns.sql | tr '\n' ' ')) TO STDOUT WITH CSV HEADER" > schema.csv
-- Foreign keys come from pg_constraint, whose conkey and confkey pair a
-- composite key's columns (information_schema's views do not).
SELECT col.table_schema::text AS table_schema,
  col.table_name::text AS table_name,
  col.column_name::text AS column_name,
  col.data_type::text AS data_type,
  col.is_nullable::text AS is_nullable,
  CASE WHEN fk.column_name IS NULL THEN 'NO' ELSE 'YES' END AS is_foreign_key,
  fk.foreign_table_schema, fk.foreign_table_name, fk.foreign_column_name
FROM information_schema.columns col
LEFT JOIN (
  SELECT DISTINCT ON (n.nspname, c.relname, a.attname)
    n.nspname::text AS table_schema, c.relname::text AS table_name,
    a.attname::text AS column_name,
    fn.nspname::text AS foreign_table_schema,
    fc.relname::text AS foreign_table_name,
    fa.attname::text AS foreign_column_name
  FROM pg_catalog.pg_constraint k
  CROSS JOIN LATERAL unnest(k.conkey, k.confkey) AS u(attnum, fattnum)
  JOIN pg_catalog.pg_class c ON c.oid = k.conrelid
  JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_catalog.pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum
  JOIN pg_catalog.pg_class fc ON fc.oid = k.confrelid
  JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace
  JOIN pg_catalog.pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = u.fattnum
  WHERE k.contype = 'f'
  ORDER BY n.nspname, c.relname, a.attname, k.conname COLLATE "C"
) fk ON fk.table_schema = col.table_schema::text
  AND fk.table_name = col.table_name::text
  AND fk.column_name = col.column_name::text
WHERE col.table_schema::text NOT IN ('pg_catalog', 'information_schema')
  AND col.table_schema::text NOT LIKE 'pg\_toast%'
ORDER BY col.table_schema::text COLLATE "C", col.table_name::text COLLATE "C",
  col.ordinal_position
