import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { dialect } from './client';

/**
 * JSON inside a column, on both databases. `path` names keys, outermost first; they are
 * written into the SQL text (SQLite `'$.a.b'`, PostgreSQL `'{a,b}'`), so they must be plain
 * names from the code, never input.
 */
type JsonColumn = AnySQLiteColumn | SQL;

/** The string at `path`, or NULL when missing or JSON null (SQLite `json_extract`, PostgreSQL `#>>`). Only for strings: other values read differently on the two. */
export function jsonString(column: JsonColumn, ...path: string[]): SQL<string | null> {
  return dialect === 'postgres' ? sql<string | null>`(${column} #>> ${sql.raw(pgPath(path))})` : sql<string | null>`json_extract(${column}, ${sql.raw(sqlitePath(path))})`;
}

/** Whether the value at `path` equals `value` (a string, number or boolean), compared as JSON values; false when missing. */
export function jsonEquals(column: JsonColumn, path: string[], value: string | number | boolean): SQL {
  if (dialect === 'postgres') return sql`coalesce((${column} #> ${sql.raw(pgPath(path))}) = ${JSON.stringify(value)}::jsonb, false)`;
  // json_extract gives JSON true and false as 1 and 0.
  return sql`coalesce(json_extract(${column}, ${sql.raw(sqlitePath(path))}) = ${typeof value === 'boolean' ? Number(value) : value}, 0)`;
}

function sqlitePath(path: string[]) {
  return `'$.${checked(path).join('.')}'`;
}

function pgPath(path: string[]) {
  return `'{${checked(path).join(',')}}'`;
}

function checked(path: string[]) {
  if (!path.length || path.some((key) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))) throw new Error(`not a JSON path of plain names: ${path.join('.')}`);
  return path;
}
