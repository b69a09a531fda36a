import { useMutation } from '@tanstack/react-query'
import { Alert, Button, Flex, Form, Input, QRCode, Typography } from 'antd'
import { useState } from 'react'
import type { TotpEnrolment as Enrolment } from '@contract/operators'
import { beginTotpEnrolment, confirmTotpEnrolment } from '../api/totp'
import { useMessages } from '../i18n/messages'
import { totpMessages } from './totpMessages'

/** The key in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/** The recovery codes as a file the operator keeps (they are not shown again). */
function downloadCodes(codes: string[]): void {
  const url = URL.createObjectURL(
    new Blob([`Life Pay recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' }),
  )
  const link = Object.assign(document.createElement('a'), { href: url, download: 'life-pay-recovery-codes.txt' })
  link.click()
  URL.revokeObjectURL(url)
}

/**
 * Setting up two-step verification: a new key shown as a QR code and as text, confirmed with the app's first code,
 * then the recovery codes, once. `onDone` when the operator says they saved them.
 */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const text = useMessages(totpMessages)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const begin = useMutation({ mutationFn: beginTotpEnrolment })
  const confirm = useMutation({
    mutationFn: confirmTotpEnrolment,
    onSuccess: (done) => setRecoveryCodes(done.recoveryCodes),
  })

  if (recoveryCodes) {
    return (
      <Flex vertical gap='middle' data-testid='totp-recovery-codes'>
        <Alert type='success' showIcon title={text.savedTitle} />
        <Typography.Paragraph>{text.saveCodes}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: recoveryCodes.join('\n') }} className='lp-totp__codes'>
          <ul aria-label={text.recoveryCodes}>
            {recoveryCodes.map((code) => (
              <li key={code}>
                <Typography.Text code>{code}</Typography.Text>
              </li>
            ))}
          </ul>
        </Typography.Paragraph>
        <Flex gap='small'>
          <Button onClick={() => downloadCodes(recoveryCodes)}>{text.download}</Button>
          <Button type='primary' onClick={onDone}>
            {text.done}
          </Button>
        </Flex>
      </Flex>
    )
  }
  const enrolment: Enrolment | undefined = begin.data
  if (!enrolment) {
    return (
      <Flex vertical gap='middle' align='start'>
        <Typography.Paragraph>{text.intro}</Typography.Paragraph>
        {begin.isError ? <Alert type='error' showIcon role='alert' title={begin.error.message} /> : null}
        <Button type='primary' loading={begin.isPending} onClick={() => begin.mutate()}>
          {text.start}
        </Button>
      </Flex>
    )
  }
  return (
    <Flex vertical gap='middle'>
      <Typography.Text strong>{text.scan}</Typography.Text>
      <QRCode value={enrolment.otpauthUri} size={192} aria-label={text.qrLabel} />
      <Typography.Paragraph>
        {text.secret}:{' '}
        <Typography.Text code copyable={{ text: enrolment.secret }} data-testid='totp-secret'>
          {grouped(enrolment.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type='secondary' copyable={{ text: enrolment.otpauthUri }} className='lp-totp__uri'>
        {text.uri}: {enrolment.otpauthUri}
      </Typography.Paragraph>
      <Typography.Text strong>{text.confirm}</Typography.Text>
      {confirm.isError ? <Alert type='error' showIcon role='alert' title={confirm.error.message} /> : null}
      <Form<{ code: string }> layout='inline' onFinish={({ code }) => confirm.mutate(code)} requiredMark={false}>
        <Form.Item
          label={text.code}
          name='code'
          rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: text.codeRequired }]}
        >
          <Input inputMode='numeric' autoComplete='one-time-code' maxLength={6} className='lp-totp__code' />
        </Form.Item>
        <Button type='primary' htmlType='submit' loading={confirm.isPending}>
          {text.verify}
        </Button>
      </Form>
    </Flex>
  )
}
