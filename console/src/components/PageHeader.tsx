import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

/** A screen's title (its one h1) and the actions on the right. */
export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <Flex justify='space-between' align='center' className='lp-page-header'>
      <Typography.Title level={1} className='lp-page-header__title'>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  )
}
