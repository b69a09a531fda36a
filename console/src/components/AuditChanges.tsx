import { Typography } from 'antd'
import type { AuditEntry } from '@contract/operators'
import { useLocale } from '../i18n/locale'
import { useMessages } from '../i18n/messages'
import { auditMessages } from './auditMessages'
import { auditChangeTexts, auditHasSnapshots, type AuditValue } from './auditText'

function Value({ value }: { value: AuditValue }) {
  if (!value.href) return <>{value.text}</>
  return (
    <a href={value.href} target='_blank' rel='noreferrer'>
      {value.text}
    </a>
  )
}

/** An audit entry's before → after, as the fields that changed, in words (the audit trail, an order's actions). */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'targetType' | 'before' | 'after'> }) {
  const text = useMessages(auditMessages)
  const locale = useLocale((state) => state.locale)
  if (!auditHasSnapshots(entry)) return <Typography.Text type='secondary'>—</Typography.Text>
  const changes = auditChangeTexts(entry, locale)
  if (changes.length === 0) return <Typography.Text type='secondary'>{text.noChange}</Typography.Text>
  return (
    <ul className='lp-diff'>
      {changes.map((change) => (
        <li key={change.key}>
          {change.key && (
            <strong>
              {change.field}
              {text.fieldSeparator}
            </strong>
          )}
          {change.before && (
            <>
              <del>
                <Value value={change.before} />
              </del>
              {' → '}
            </>
          )}
          <ins>
            <Value value={change.after} />
          </ins>
        </li>
      ))}
    </ul>
  )
}
