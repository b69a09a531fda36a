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
  // Well above the condition waits' own deadline (test/shims/deadlines.ts): a test that waits several times took over
  // 20 s at load 19 (refundForm 'cancelling the confirmation'), and one that times out runs on into the next test.
  testTimeout: 60_000,
  // One worker per core of the 2-core machines the suite is sized for (jest's default leaves one core idle there).
  maxWorkers: 2,
  // npm run coverage (scripts/coverage.ts): V8's own counts, every file of the app, the kernel and the console. CI
  // collects them during `npm test` itself (LIFEPAY_COVERAGE names the folder), so neither suite runs twice.
  coverageProvider: 'v8',
  collectCoverage: Boolean(process.env.LIFEPAY_COVERAGE),
  coverageReporters: ['json'],
  coverageDirectory: `${process.env.LIFEPAY_COVERAGE || 'coverage'}/app`,
  collectCoverageFrom: ['src/**/*.{ts,tsx}', 'domain/**/*.ts', 'console/src/**/*.{ts,tsx}'],
}
