// Addresses inside the console that pages link to. A leaf: pages import it, and so does the screen table that
// imports the pages (screens.tsx), so neither imports the other.

/** The order page's route (App.tsx). */
export const ORDER_ROUTE = '/orders/:orderNo'

/** An order's page (reached from the orders list, the refund queue, the audit trail, the money screens). */
export const orderPath = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`
