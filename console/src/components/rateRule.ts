import type { Rule } from 'antd/es/form'

/**
 * A rate in percent of face value as the server takes it (types/api/operator.ts): above 0, at most 100, at most two
 * decimals. An empty field passes; say `required` beside it where one is needed.
 */
export function rateRule(messages: { rateRange: string; rateDecimals: string }): Rule {
  return {
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) return
      if (!(value > 0 && value <= 100)) throw new Error(messages.rateRange)
      if (Math.round(value * 100) !== Number((value * 100).toFixed(6))) throw new Error(messages.rateDecimals)
    },
  }
}
