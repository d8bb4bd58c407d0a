import { and, asc, eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { contentSources, pages } from '../../../db/schema';

/** A source's scan state as the scan tests watch it. */
export async function sourceRow(id: number) {
  const [row] = await db
    .select({
      status: contentSources.status,
      generation: contentSources.generation,
      totalPages: contentSources.totalPages,
      leaseOwner: contentSources.leaseOwner,
      errorMessage: contentSources.errorMessage,
    })
    .from(contentSources)
    .where(eq(contentSources.id, id));
  return row!;
}

/** The pages a source learned, in the order they were stored. */
export function okPages(id: number) {
  return db
    .select({ url: pages.url, generation: pages.generation })
    .from(pages)
    .where(and(eq(pages.sourceId, id), eq(pages.status, 'ok')))
    .orderBy(asc(pages.id));
}
