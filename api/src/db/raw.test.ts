import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, dialect } from './client';
import { changedRows, execute, selectRow, selectRows } from './raw';
import { users } from './schema';

describe('raw SQL on the database the run selected', () => {
  it('selects rows with camelCase aliases, runs statements and counts changed rows', async () => {
    // The same statements run on both: `npm test` on SQLite, `npm run test:pg` with DATABASE_URL set.
    expect(dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
    await db.insert(users).values([
      { id: 'a', email: 'a@example.com', passwordHash: 'x' },
      { id: 'b', email: 'b@example.com', passwordHash: 'x' },
    ]);
    expect(await selectRows<{ userId: string }>(sql`select id as "userId" from users order by id`)).toEqual([{ userId: 'a' }, { userId: 'b' }]);
    expect(await selectRow<{ n: number }>(sql`select count(*) as "n" from users`)).toEqual({ n: 2 });
    expect(await selectRow(sql`select id from users where id = 'nobody'`)).toBeUndefined();
    expect(await execute(sql`update users set first_name = 'Pat'`)).toBe(2);
    expect(changedRows(await db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, 'a')))).toBe(1);
    expect(changedRows(await db.delete(users).where(eq(users.id, 'nobody')))).toBe(0);
  });
});
