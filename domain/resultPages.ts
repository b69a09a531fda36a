/**
 * The result page of each kind of top-up (phone, electricity, gas) as the H5 app's address. A web payment comes back
 * to one of them with `?orderNo=` — the only way back the server accepts (server/src/modules/lifePay/webPayment.ts).
 * src/routes.ts names the pages; test/domain/resultPages.test.ts holds both to the same addresses.
 */
export const RESULT_PAGE_PATHS: readonly string[] = [
  '/subpackages/recharge/rechargeResult/rechargeResult',
  '/subpackages/recharge/rechargeElectricResult/rechargeElectricResult',
  '/subpackages/recharge/rechargeGasResult/rechargeGasResult',
]

/** Whether `pathAndQuery` is exactly one of the order's result pages: its path, `?orderNo=` the order, nothing more. */
export function isResultPageOf(pathAndQuery: string, orderNo: string): boolean {
  return RESULT_PAGE_PATHS.some((path) => `${path}?orderNo=${encodeURIComponent(orderNo)}` === pathAndQuery)
}
