// Types of config/h5StagedBootLoader.js (a webpack loader in plain JavaScript).
export function stageEntry(source: string, runtimePath?: string, sharedModule?: string): string
/** The modules the staged entry imports by path (src/platform/h5Boot.ts, src/services/api/lifePay.ts). */
export const BOOT_RUNTIME: string
export const SHARED_MODULE: string
/** Throws unless every path in `paths` (default: both of the above) exists. */
export function checkStagedModules(paths?: string[]): void
declare function h5StagedBootLoader(source: string): string
export default h5StagedBootLoader
