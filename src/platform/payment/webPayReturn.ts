/** Mini-programs: no web payment to come back from; H5 builds resolve webPayReturn.h5.ts. */
export function returnedFromWebPayment(_orderNo: string): void {}
