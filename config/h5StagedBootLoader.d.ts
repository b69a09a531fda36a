// Types of config/h5StagedBootLoader.js (a webpack loader in plain JavaScript).
export function stageEntry(source: string, runtimePath?: string): string
/** The module the staged entry imports by path (src/platform/h5Boot.ts). */
export const BOOT_RUNTIME: string
/** Throws unless every path in `paths` (default: the one above) exists. */
export function checkStagedModules(paths?: string[]): void
declare function h5StagedBootLoader(source: string): string
export default h5StagedBootLoader
