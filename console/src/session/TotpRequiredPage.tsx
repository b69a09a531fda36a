import { LogoutOutlined } from '@ant-design/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Flex, Typography } from 'antd'
import { operatorLogout, sessionQuery } from '../api/session'
import { commonMessages } from '../i18n/common'
import { useMessages } from '../i18n/messages'
import { LanguageSwitch } from '../layout/LanguageSwitch'
import { endSession } from './endSession'
import { TotpEnrolment } from './TotpEnrolment'
import { totpMessages } from './totpMessages'

/**
 * An admin's session where two-step verification is required and not yet set up (production): the server answers
 * every other operator call TOTP_ENROLMENT_REQUIRED, so the console shows the enrolment alone; once it is on, the
 * session reads the operator again and the console opens.
 */
export default function TotpRequiredPage() {
  const text = useMessages(totpMessages)
  const common = useMessages(commonMessages)
  const queryClient = useQueryClient()
  const logout = useMutation({ mutationFn: operatorLogout, onSettled: () => endSession(queryClient) })
  return (
    <main className='lp-totp-required'>
      <Card
        title={common.productName}
        extra={
          <Flex gap='small'>
            <LanguageSwitch />
            <Button icon={<LogoutOutlined />} loading={logout.isPending} onClick={() => logout.mutate()}>
              {common.logout}
            </Button>
          </Flex>
        }
      >
        <Typography.Title level={1}>{text.requiredTitle}</Typography.Title>
        <Typography.Paragraph>{text.requiredBody}</Typography.Paragraph>
        <TotpEnrolment onDone={() => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })} />
      </Card>
    </main>
  )
}
