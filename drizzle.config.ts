import { defineConfig } from 'drizzle-kit'

// Generating migrations needs no database; `drizzle-kit generate --name <what-changed>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
})
