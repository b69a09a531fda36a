import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, Descriptions, Spin, Tag, Typography } from 'antd'
import { sessionQuery } from '../../api/session'
import { totpStatusQuery } from '../../api/totp'
import { dateTime } from '../../components/displayValues'
import { PageHeader } from '../../components/PageHeader'
import { QueryError } from '../../components/QueryError'
import { commonMessages } from '../../i18n/common'
import { useMessages } from '../../i18n/messages'
import { TotpEnrolment } from '../../session/TotpEnrolment'
import { securityMessages } from './messages'

/** The logged-in operator's two-step verification: its state, or setting it up. */
export default function SecurityPage() {
  const text = useMessages(securityMessages)
  const common = useMessages(commonMessages)
  const queryClient = useQueryClient()
  const status = useQuery(totpStatusQuery)
  const enrolled = () => {
    void queryClient.invalidateQueries({ queryKey: totpStatusQuery.queryKey })
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
  }
  return (
    <>
      <PageHeader title={text.title} />
      <Card data-testid='security-status'>
        {status.isPending ? (
          <Spin aria-label={common.loading} />
        ) : status.isError ? (
          <QueryError error={status.error} onRetry={() => void status.refetch()} />
        ) : status.data.enabled ? (
          <>
            <Descriptions
              column={1}
              items={[
                { key: 'status', label: text.status, children: <Tag color='green'>{text.on}</Tag> },
                { key: 'since', label: text.since, children: dateTime(status.data.enabledTime) },
                { key: 'left', label: text.codesLeft, children: status.data.recoveryCodesLeft },
              ]}
            />
            <Typography.Paragraph type='secondary'>{text.lostPhone}</Typography.Paragraph>
          </>
        ) : (
          <>
            <Descriptions column={1} items={[{ key: 'status', label: text.status, children: <Tag>{text.off}</Tag> }]} />
            <TotpEnrolment onDone={enrolled} />
          </>
        )}
      </Card>
    </>
  )
}
