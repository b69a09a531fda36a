import envSchema, { type EnvSchemaOpt } from 'env-schema'
import type { Static, TObject } from '@sinclair/typebox'
import { ConfigError } from './configError'
import { SETTING_FORMATS, SETTING_NOTES, type SettingSchema } from './configSchema'

// The environment through the schema, once: env-schema (Ajv) coerces each setting to its type, fills in defaults and
// names every setting it refuses, in words an operator reads, never the value of a secret.

type AjvOption = NonNullable<EnvSchemaOpt['ajv']>
type Ajv = Exclude<AjvOption, { customOptions: unknown }>
type AjvError = { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }

/** env-schema's own Ajv (coercion, defaults), made once with our notes and formats: the schema compiles once. */
let ajv: Ajv | undefined

function withOurKeywords(fresh: Ajv): Ajv {
  fresh.addVocabulary([...SETTING_NOTES])
  fresh.addFormat('url', { type: 'string', validate: isHttpUrl })
  fresh.addFormat('origin', { type: 'string', validate: isOrigin })
  ajv = fresh
  return fresh
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value)
}

/** An origin alone (scheme, host, port), as browsers write it. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username
}

const OFF = ['0', 'false', 'no', 'off']
const ON = ['1', 'true', 'yes', 'on']

/**
 * What the schema validates: each setting trimmed; empty is unset (its default) unless the setting keeps it; a flag's
 * words as true/false; a list split at commas.
 */
function normalised(schema: TObject, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [name, setting] of Object.entries(schema.properties as Record<string, SettingSchema>)) {
    const value = env[name]?.trim()
    if (value === undefined || (value === '' && !setting.keepEmpty)) continue
    if (setting.type === 'array') {
      data[name] = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    } else if (setting.type === 'boolean') {
      const word = value.toLowerCase()
      data[name] = OFF.includes(word) ? false : ON.includes(word) ? true : value
    } else data[name] = value
  }
  return data
}

const orList = (values: readonly unknown[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`

/** One refusal in words, naming the setting (and the value, unless it is a secret). */
function problemOf(error: AjvError, schema: TObject, data: Record<string, unknown>): string {
  const [, name = String(error.params.missingProperty), index] = error.instancePath.split('/')
  const setting = (schema.properties as Record<string, SettingSchema>)[name]
  const whole = data[name]
  const value = index === undefined ? whole : (whole as unknown[])[Number(index)]
  const got = setting?.secret ? '' : `, got "${String(value)}"`
  const { params } = error
  switch (error.keyword) {
    case 'type':
      if (params.type === 'boolean') return `${name} is a switch: 1, true, yes or on / 0, false, no or off${got}`
      return `${name} must be a ${params.type === 'integer' ? 'whole number' : String(params.type)}${got}`
    case 'minimum':
      return `${name} must be at least ${String(params.limit)}${got}`
    case 'maximum':
      return `${name} must be at most ${String(params.limit)}${got}`
    case 'enum': {
      const allowed = params.allowedValues as string[]
      return index === undefined
        ? `${name}=${String(value)}: it takes ${orList(allowed)}`
        : `${name}: "${String(value)}" is not one of ${allowed.join(', ')}`
    }
    case 'format':
      return setting?.secret
        ? `${name} is not ${SETTING_FORMATS[params.format as keyof typeof SETTING_FORMATS]}`
        : `${name}: "${String(value)}" is not ${SETTING_FORMATS[params.format as keyof typeof SETTING_FORMATS]}`
    case 'pattern':
      return `${name} must be ${setting?.valueText ?? `like ${String(params.pattern)}`}${got}`
    default:
      return `${name} ${error.message ?? 'is not valid'}${got}`
  }
}

/** The settings of `schema` from `env`, or every refusal (one per setting) naming its setting. */
export function validateSettings<T extends TObject>(
  schema: T,
  env: NodeJS.ProcessEnv,
): { settings: Static<T>; problems: [] } | { settings: null; problems: string[] } {
  const data = normalised(schema, env)
  try {
    const settings = envSchema<Static<T>>({
      schema,
      data,
      env: false,
      ajv: ajv ?? { customOptions: withOurKeywords },
    })
    return { settings, problems: [] }
  } catch (error) {
    const errors = (error as { errors?: AjvError[] }).errors
    if (!errors) throw error
    const seen = new Set<string>()
    const problems: string[] = []
    for (const one of errors) {
      const setting = one.instancePath.split('/')[1]
      if (seen.has(setting)) continue
      seen.add(setting)
      problems.push(problemOf(one, schema, data))
    }
    return { settings: null, problems }
  }
}

/** The settings of `schema` from `env`; a ConfigError naming every refused setting otherwise. */
export function readSettings<T extends TObject>(schema: T, env: NodeJS.ProcessEnv): Static<T> {
  const { settings, problems } = validateSettings(schema, env)
  if (!settings) throw new ConfigError(problems)
  return settings
}
