// Types of config/axiosAdapters.js (plain JavaScript, bundled in place of axios's lib/adapters/adapters.js).
declare const adapters: {
  getAdapter(adapters: unknown, config?: unknown): (config: unknown) => Promise<unknown>
  adapters: Record<string, never>
}
export default adapters
