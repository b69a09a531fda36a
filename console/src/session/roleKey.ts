import type { OperatorRole } from '../../../src/domain/operatorRole'

/** The common catalogue's key for each role's name. */
export const roleKey = { viewer: 'roleViewer', reviewer: 'roleReviewer', admin: 'roleAdmin' } as const satisfies Record<
  OperatorRole,
  string
>
