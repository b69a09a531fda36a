import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  checkOperatorSettings,
  missingOperatorSettings,
  REQUIRED_OPERATOR_SETTINGS,
  TEST_BUILD_OPERATOR,
} from '../../config/operatorSettings'

// Issue 37, item 19: the legal pages' operator comes from configuration, and a release cannot go out without it.
describe('the operator identity a build needs', () => {
  it('a production build without it fails, naming what is missing', () => {
    expect(() => checkOperatorSettings('production', {})).toThrow(
      /TARO_APP_OPERATOR_NAME, .*TARO_APP_OPERATOR_ICP_FILING/,
    )
    const partial = { ...TEST_BUILD_OPERATOR, TARO_APP_OPERATOR_EMAIL: ' ' }
    expect(() => checkOperatorSettings('production', partial)).toThrow(/set TARO_APP_OPERATOR_EMAIL \(/)
  })

  it('a production build with it, and any other build, goes on', () => {
    expect(() => checkOperatorSettings('production', TEST_BUILD_OPERATOR)).not.toThrow()
    for (const mode of ['preview', 'test', 'development']) expect(() => checkOperatorSettings(mode, {})).not.toThrow()
    expect(missingOperatorSettings(TEST_BUILD_OPERATOR)).toEqual([])
    expect(Object.keys(TEST_BUILD_OPERATOR).sort()).toEqual([...REQUIRED_OPERATOR_SETTINGS].sort())
  })

  it('every .env file lists every setting (the mini-programs have no process.env to read a missing one from)', () => {
    for (const mode of ['development', 'preview', 'production', 'test']) {
      const text = readFileSync(join(__dirname, '../..', `.env.${mode}`), 'utf8')
      for (const name of REQUIRED_OPERATOR_SETTINGS) expect([mode, text.includes(`${name}=`)]).toEqual([mode, true])
    }
  })
})
