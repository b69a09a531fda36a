import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { OrderInput, PageModel, PageModelInput, PageOutput } from '@contract/pageModel'
import { invalidField } from '../../http/validation'

// The production back end's paging (`pageModel`): `rows` per page and a 1-based `page` in, the same with
// `totalCount` and `totalPage` out, the items in `data`.

/** OFFSET of the page. */
export function offsetOf(pageModel: PageModelInput): number {
  return (pageModel.page - 1) * pageModel.rows
}

export function pageOutput<T>(pageModel: PageModelInput, totalCount: number, data: T[]): PageOutput<T> {
  const model: PageModel = {
    rows: pageModel.rows,
    page: pageModel.page,
    totalCount,
    totalPage: Math.ceil(totalCount / pageModel.rows),
    // Production echoes the sort it was asked for.
    ...(pageModel.orderInput ? { orderInput: pageModel.orderInput } : {}),
  }
  return { pageModel: model, objectData: null, data }
}

/**
 * ORDER BY terms from `orderInput` over the columns a list allows (by their API names), then `fallback` — which
 * must end on a unique column so that pages never overlap. Nulls sort last either way: an unpaid order has no pay
 * time and belongs after the paid ones.
 */
export function orderByOf(
  orderInput: readonly OrderInput[] | undefined,
  sortable: Record<string, AnyColumn>,
  fallback: SQL[],
): SQL[] {
  const terms = (orderInput ?? []).map(({ property, order }) => {
    const column = sortable[property]
    if (!column) {
      const allowed = Object.keys(sortable).join(', ')
      throw invalidField('orderInput', {
        'zh-CN': `排序字段应为 ${allowed} 之一`,
        'en-US': `property must be one of ${allowed}`,
      })
    }
    return order === 0 ? sql`${asc(column)} nulls last` : sql`${desc(column)} nulls last`
  })
  return [...terms, ...fallback]
}

/** `%text%` for LIKE, with the pattern characters of `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
