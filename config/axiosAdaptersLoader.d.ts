// Types of config/axiosAdaptersLoader.js (a webpack loader in plain CommonJS, run by webpack as it is).
export default function axiosAdaptersLoader(source: string | Buffer): string
export function onlyPassedAdapter(source: string): string
