/**
 * Mini-programs: no web payment to come back from (their wallet is in the host); H5 builds resolve webPayEntry.h5.ts.
 */
export function webPaymentEntry(): boolean {
  return false
}
