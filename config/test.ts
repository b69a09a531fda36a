import type { UserConfigExport } from '@tarojs/cli'

// `--mode test`: a production-like build pointed at the test host of .env.test.
export default {
  mini: {},
  h5: {},
} satisfies UserConfigExport<'webpack5'>
