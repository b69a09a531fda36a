import type { Labels } from './locale'

/** What an operator may do, each role including the ones before it: read < review refunds < change settings. */
export const operatorRoleValues = ['viewer', 'reviewer', 'admin'] as const
export type OperatorRole = (typeof operatorRoleValues)[number]

/** True when `role` may do what `needed` may: the server checks every operator route with it, the console hides. */
export function roleAtLeast(role: OperatorRole, needed: OperatorRole): boolean {
  return operatorRoleValues.indexOf(role) >= operatorRoleValues.indexOf(needed)
}

export const operatorRoleLabels: Labels<OperatorRole> = {
  'zh-CN': { viewer: '只读', reviewer: '审核员', admin: '管理员' },
  'en-US': { viewer: 'Viewer', reviewer: 'Reviewer', admin: 'Admin' },
}
