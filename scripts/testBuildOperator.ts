// Prints `export NAME='value'` lines for the test identity of config/operatorSettings.ts, for the shell to eval before
// production builds that are tested, never released (.ci/run); a variable already set keeps its value.
import { TEST_BUILD_OPERATOR } from '../config/operatorSettings'

const quoted = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`
for (const [name, value] of Object.entries(TEST_BUILD_OPERATOR)) {
  if (!process.env[name]?.trim()) console.log(`export ${name}=${quoted(value)}`)
}
