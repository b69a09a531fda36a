/** App tests: domain tables, the http layer against a real local server, and components in jsdom. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // test/e2e and test/mini run under node's test runner (npm run test:e2e, test:mini), against the built apps.
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/mini/'],
  transform: { '^.+\\.(m?[jt]sx?)$': 'babel-jest' },
  transformIgnorePatterns: [
    '/node_modules/(?!(@tarojs|@tanstack|lodash-es|@stencil|swiper|ssr-window|dom7|query-string|decode-uri-component|split-on-first|filter-obj|nanoid|style-inject|tslib|\\.pnpm|@babel/runtime)/)',
  ],
  moduleNameMapper: {
    '^@domain/(.*)$': '<rootDir>/domain/$1',
    '^@contract/(.*)$': '<rootDir>/types/api/$1',
    '^@tarojs/components$': '@tarojs/components/lib/react',
    '^@tarojs/taro$': '<rootDir>/test/shims/taro.ts',
    '\\.(css|scss|sass|less)$': '<rootDir>/test/shims/style.ts',
    '\\.(png|jpg|jpeg|gif|svg)$': '<rootDir>/test/shims/file.ts',
  },
  setupFiles: ['<rootDir>/test/shims/globals.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/shims/deadlines.ts'],
  // Above the condition waits' own deadline (test/shims/deadlines.ts), for a test that waits several times under load.
  testTimeout: 20_000,
}
