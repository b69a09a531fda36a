import type { UserConfigExport } from '@tarojs/cli'

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    devServer: {
      port: 10086,
      // The reference server (npm run dev) answers /api and /static on the same origin as the page.
      proxy: [{ context: ['/api', '/static/sensitive-words.txt'], target: 'http://127.0.0.1:3000' }],
    },
  },
} satisfies UserConfigExport<'webpack5'>
