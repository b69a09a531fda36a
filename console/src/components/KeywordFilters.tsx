import { Button, Form, Input } from 'antd'
import type { ReactNode } from 'react'
import { commonMessages } from '../i18n/common'
import { useMessages } from '../i18n/messages'

interface Props<Values> {
  label: string
  placeholder: string
  /** The form's values with `keyWords` trimmed, and absent when blank. */
  onSearch: (values: Values & { keyWords?: string }) => void
  /** Filters before the keyword box (their `Form.Item`s). */
  children?: ReactNode
}

/** A list's filter row: its own filters, a keyword box and the search button. */
export function KeywordFilters<Values extends object = object>({
  label,
  placeholder,
  onSearch,
  children,
}: Props<Values>) {
  const common = useMessages(commonMessages)
  return (
    <Form
      layout='inline'
      className='lp-filters'
      onFinish={(values: Values & { keyWords?: string }) =>
        onSearch({ ...values, keyWords: values.keyWords?.trim() || undefined })
      }
    >
      {children}
      <Form.Item name='keyWords' label={label}>
        <Input placeholder={placeholder} allowClear maxLength={64} />
      </Form.Item>
      <Button type='primary' htmlType='submit'>
        {common.search}
      </Button>
    </Form>
  )
}
