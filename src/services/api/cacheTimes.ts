/**
 * How long a read stays fresh in the query cache, by kind of data: one place for every `staleTime` of the app.
 * Reads not named here (orders, saved accounts, pay status) are stale at once: they change with the user's actions.
 */
export const CACHE = {
  /** What the service offers (rates, face values, supported areas): changed by operators, rarely. */
  catalog: 5 * 60 * 1000,
  /** An account's holder or a number's carrier (issue 20): stable for a session, and each lookup is rate-limited. */
  lookup: 30 * 60 * 1000,
  /** The hosts' subscribe-message template ids: configuration, changed with a deployment. */
  configuration: 24 * 60 * 60 * 1000,
} as const
