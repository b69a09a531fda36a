// Taro's compile-time globals, as the webpack build defines them for H5.
const g = globalThis as Record<string, unknown>
g.ENABLE_INNER_HTML = true
g.ENABLE_ADJACENT_HTML = true
g.ENABLE_SIZE_APIS = false
g.ENABLE_TEMPLATE_CONTENT = true
g.ENABLE_CLONE_NODE = true
g.ENABLE_CONTAINS = true
g.ENABLE_MUTATION_OBSERVER = false
g.DEPRECATED_ADAPTER_COMPONENT = false
process.env.TARO_ENV = process.env.TARO_ENV || 'h5'
process.env.TARO_PLATFORM = process.env.TARO_PLATFORM || 'web'
