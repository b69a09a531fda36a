import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { OneOf } from './schema'

// The production back end's paging (its `Pagination` and `…PageOutput`), for the consumer's and the operator's
// lists alike: the request names the page in `pageModel`, the answer returns it with its totals and the rows in `data`.

/** `orderInput` items: a column to sort by, 0 ascending, 1 descending (the production OrderTypeEnum). */
export const OrderInput = Type.Object({
  property: Type.String({ maxLength: 40 }),
  order: OneOf([0, 1] as const, { description: '0 ascending, 1 descending' }),
})
export type OrderInput = Static<typeof OrderInput>

/** The production back end's `Pagination`: `rows` per page, 1-based `page`; the answer fills the totals. */
export const PageModelInput = Type.Object({
  rows: Type.Integer({ minimum: 1, maximum: 100 }),
  page: Type.Integer({ minimum: 1, description: '1-based' }),
  orderInput: Type.Optional(Type.Array(OrderInput, { maxItems: 3 })),
  totalCount: Type.Optional(Type.Integer({ description: 'Ignored on input' })),
  totalPage: Type.Optional(Type.Integer({ description: 'Ignored on input' })),
})
export type PageModelInput = Static<typeof PageModelInput>

export const PageModel = Type.Object({
  rows: Type.Integer(),
  page: Type.Integer(),
  orderInput: Type.Optional(Type.Array(OrderInput, { description: 'The sort asked for, as sent' })),
  totalCount: Type.Integer(),
  totalPage: Type.Integer(),
})
export type PageModel = Static<typeof PageModel>

/** The production back end's `…PageOutput`: the page model with its totals, and the page's items in `data`. */
export function PageOutput<T extends TSchema>(item: T) {
  return Type.Object({ pageModel: PageModel, objectData: Type.Null(), data: Type.Array(item) })
}
export interface PageOutput<T> {
  pageModel: PageModel
  objectData: null
  data: T[]
}
