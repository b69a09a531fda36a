// Types of config/h5StagedBootLoader.js (a webpack loader in plain JavaScript).
export function stageEntry(source: string, runtimePath?: string, sharedModule?: string): string
declare function h5StagedBootLoader(source: string): string
export default h5StagedBootLoader
