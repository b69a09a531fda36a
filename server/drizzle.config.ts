import { defineConfig } from 'drizzle-kit'

// One migrations folder serves PGlite and PostgreSQL: `npx drizzle-kit generate --config server/drizzle.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
})
