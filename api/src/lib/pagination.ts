/** The `pagination` object of every paged list (history, leads, admin): at least one page, even when empty. */
export function pageInfo(totalCount: number, page: number, pageSize: number) {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return { totalCount, currentPage: page, totalPages, hasPreviousPage: page > 1, hasNextPage: page < totalPages };
}
