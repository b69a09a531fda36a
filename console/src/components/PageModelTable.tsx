import type { UseQueryResult } from '@tanstack/react-query'
import { Table, type TableProps } from 'antd'
import type { PageOutput } from '@contract/pageModel'
import { commonMessages } from '../i18n/common'
import { useMessages } from '../i18n/messages'
import { QueryError } from './QueryError'
import type { usePageModel } from './usePageModel'

interface Props<Row> extends Pick<TableProps<Row>, 'columns' | 'scroll' | 'size' | 'expandable'> {
  /** The table's `data-testid` (the browser suite finds its rows by it). */
  testId: string
  /** The page of a production `pageModel` list. */
  page: UseQueryResult<PageOutput<Row>>
  paging: ReturnType<typeof usePageModel<Row>>
}

/**
 * A production `pageModel` list as a table: its pages, page size and sorted column driven by `paging`, a spinner
 * while a page loads, the empty text, and the read's error with a retry in place of the table.
 */
export function PageModelTable<Row extends { id: string }>({ testId, page, paging, ...table }: Props<Row>) {
  const common = useMessages(commonMessages)
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />
  return (
    <Table<Row>
      {...table}
      data-testid={testId}
      rowKey='id'
      loading={page.isFetching}
      dataSource={page.data?.data}
      pagination={paging.pagination(page.data?.pageModel)}
      onChange={paging.onChange}
      locale={{ emptyText: common.empty }}
    />
  )
}
