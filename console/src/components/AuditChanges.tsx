import { Typography } from 'antd'
import { changedFields, showValue } from './auditDiff'

/** An audit entry's before → after, as the keys that changed (the audit trail and an order's operator actions). */
export function AuditChanges({ before, after, noChange }: { before: unknown; after: unknown; noChange: string }) {
  const changes = changedFields(before, after)
  if (changes.length === 0) return <Typography.Text type='secondary'>{noChange}</Typography.Text>
  return (
    <ul className='lp-diff'>
      {changes.map((change) => (
        <li key={change.key}>
          {change.key && <strong>{change.key}: </strong>}
          {change.before === undefined || before === null ? (
            <ins>{showValue(change.after)}</ins>
          ) : (
            <>
              <del>{showValue(change.before)}</del> → <ins>{showValue(change.after)}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
