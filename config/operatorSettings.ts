// The operator's identity on the legal pages (src/subpackages/login/policies/operator.ts) comes from the build's
// environment. A release must name its real operator: a production build without these stops here.

/** What a release must set (README § Configuration); the others have a sensible default or fall back. */
export const REQUIRED_OPERATOR_SETTINGS = [
  'TARO_APP_OPERATOR_NAME',
  'TARO_APP_OPERATOR_NAME_EN',
  'TARO_APP_OPERATOR_EMAIL',
  'TARO_APP_OPERATOR_PHONE',
  'TARO_APP_OPERATOR_ADDRESS',
  'TARO_APP_OPERATOR_ADDRESS_EN',
  'TARO_APP_OPERATOR_EFFECTIVE_DATE',
  'TARO_APP_OPERATOR_EFFECTIVE_DATE_EN',
  'TARO_APP_OPERATOR_ICP_FILING',
] as const

/** The required settings `env` leaves empty. */
export function missingOperatorSettings(env: Record<string, string | undefined>): string[] {
  return REQUIRED_OPERATOR_SETTINGS.filter((name) => !env[name]?.trim())
}

/** Throws for a production build (not preview, test or development) whose operator identity is incomplete. */
export function checkOperatorSettings(mode: string, env: Record<string, string | undefined>): void {
  if (mode !== 'production') return
  const missing = missingOperatorSettings(env)
  if (missing.length === 0) return
  throw new Error(
    `A production build names its operator on the legal pages: set ${missing.join(', ')} ` +
      '(in .env.production or the environment; README § Configuration).',
  )
}

/**
 * For production builds that are only tested (CI, benchmarks), never released: an identity that says so on the page.
 * The environment's own values win (dotenv-expand keeps what is already set).
 */
export const TEST_BUILD_OPERATOR: Record<(typeof REQUIRED_OPERATOR_SETTINGS)[number], string> = {
  TARO_APP_OPERATOR_NAME: '（测试构建，非发布版）',
  TARO_APP_OPERATOR_NAME_EN: '(test build, not a release)',
  TARO_APP_OPERATOR_EMAIL: 'ops@test-build.invalid',
  TARO_APP_OPERATOR_PHONE: '000-0000-0000',
  TARO_APP_OPERATOR_ADDRESS: '（测试构建）',
  TARO_APP_OPERATOR_ADDRESS_EN: '(test build)',
  TARO_APP_OPERATOR_EFFECTIVE_DATE: '（测试构建）',
  TARO_APP_OPERATOR_EFFECTIVE_DATE_EN: '(test build)',
  TARO_APP_OPERATOR_ICP_FILING: '沪ICP备00000000号',
}
