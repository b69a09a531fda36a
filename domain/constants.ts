// SPEC §9 business constants and limits (and the §3/§4 defaults they repeat).

/** Highest face value (yuan) the app offers. */
export const MAX_FACE_VALUE = 300

/** Channel number the recharge SDK is initialised with (`channlesNum`). */
export const RECHARGE_CHANNEL = '818'

export const REQUEST_TIMEOUT_MS = 10000

/** A script chunk that has not loaded after this long raises a chunk load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120000

export const CAPTCHA_COUNTDOWN_S = 60

/** Object-storage temporary credentials (GetOssSTS) are reused for 20 minutes. */
export const OSS_STS_CACHE_MS = 1200000

/** A token counts as expired this many seconds before its real end. */
export const TOKEN_EXPIRY_MARGIN_S = 300

export const UPDATE_FAIL_TOAST_MS = 2000

export const TOAST_DEFAULT_MS = 2000

export const TOAST_BOTTOM_OFFSET_PX = 30

export const DIALOG_OPEN_DELAY_MS = 30

/** H5: a page whose code is still loading gets a loading indicator after this long (a cached page shows sooner). */
export const PAGE_LOAD_INDICATOR_DELAY_MS = 300

export const DIALOG_REMOVE_DELAY_MS = 300

/**
 * A top-up form whose order is made stays locked until the pay page covers it; if the pay page has not after this
 * long (H5 could not load its code), the form takes taps again, for the same order (useOrderSubmit).
 */
export const PAY_PAGE_OPEN_GRACE_MS = 10000

export const LOGIN_REDIRECT_DEBOUNCE_MS = 300

/** Unpaid orders close after 30 minutes (the lead's order state model, not in the SPEC). */
export const UNPAID_ORDER_CLOSE_MS = 30 * 60 * 1000
