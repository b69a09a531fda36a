import type { TablePaginationConfig, TableProps } from 'antd'
import { useState } from 'react'
import type { PageModel, PageModelInput } from '@contract/pageModel'
import { commonMessages } from '../i18n/common'
import { format, useMessages } from '../i18n/messages'

interface Sort {
  property: string
  order: 0 | 1
}

/**
 * A paged, sortable table over a production `pageModel` list: the page model to send, and the antd Table props that
 * change it (pages, page size, the sorted column; `key` of a sortable column is the API's property name). A change
 * of filters goes back to page 1 through `restart`. `Row` is the table's row type, so `onChange` fits its Table.
 */
export function usePageModel<Row = never>(defaultSort?: Sort, rows = 20) {
  const text = useMessages(commonMessages)
  const [state, setState] = useState<{ page: number; rows: number; sort?: Sort }>({ page: 1, rows, sort: defaultSort })
  const pageModel: PageModelInput = {
    page: state.page,
    rows: state.rows,
    ...(state.sort ? { orderInput: [state.sort] } : {}),
  }
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter
    const sort: Sort | undefined =
      one?.order && one.columnKey
        ? { property: String(one.columnKey), order: one.order === 'ascend' ? 0 : 1 }
        : defaultSort
    setState({ page: pagination.current ?? 1, rows: pagination.pageSize ?? rows, sort })
  }
  const pagination = (answered: PageModel | undefined): TablePaginationConfig => ({
    current: state.page,
    pageSize: state.rows,
    total: answered?.totalCount ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => format(text.total, { count }),
  })
  /** The order a column shows as sorted by, for its `sortOrder`. */
  const sortOrderOf = (property: string) =>
    state.sort?.property === property ? (state.sort.order === 0 ? ('ascend' as const) : ('descend' as const)) : null
  return {
    pageModel,
    onChange,
    pagination,
    sortOrderOf,
    restart: () => setState((current) => ({ ...current, page: 1 })),
  }
}
