// Types of config/dropWeuiIconsLoader.js (a webpack loader in plain CommonJS, run by webpack as it is).
export default function dropWeuiIconsLoader(source: string | Buffer): string
export function dropWeuiIcons(css: string): string
