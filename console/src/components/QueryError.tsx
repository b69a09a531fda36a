import { Alert, Button } from 'antd'
import { commonMessages } from '../i18n/common'
import { useMessages } from '../i18n/messages'

/** A read that failed: the server's words and a retry, in place of what it would have shown. */
export function QueryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const text = useMessages(commonMessages)
  return (
    <Alert
      type='error'
      showIcon
      role='alert'
      title={text.loadFailed}
      description={error.message}
      action={
        <Button size='small' onClick={onRetry}>
          {text.retry}
        </Button>
      }
    />
  )
}
