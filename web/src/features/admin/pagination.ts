// Table paging of docs/product.md#constants: 25 rows a page, the page buttons five at a time (1–5, 6–10, …).
export const PAGE_SIZE = 25
export const PAGES_SHOWN = 5

export const pageCount = (rows: number, size = PAGE_SIZE): number => Math.max(1, Math.ceil(rows / size))

/** The rows of page `page` (1-based). */
export const pageOf = <T>(rows: readonly T[], page: number, size = PAGE_SIZE): readonly T[] => rows.slice((page - 1) * size, page * size)

/** The page numbers shown around `page`: its block of five. */
export const pageWindow = (page: number, count: number, shown = PAGES_SHOWN): readonly number[] => {
  const first = Math.floor((Math.min(Math.max(page, 1), count) - 1) / shown) * shown + 1
  return Array.from({ length: Math.min(shown, count - first + 1) }, (_, i) => first + i)
}
