/// <reference types="vitest" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// `npm run dev` proxies the API to a running `orapa serve` on port 8000.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup.ts"], // i18n in English for every test file
    // The files share a process each worker instead of a fresh one each (half the CPU: the
    // setup and the app's modules loaded once); the one that mocks React's hooks runs apart,
    // since a mock applies only to modules not yet loaded.
    poolOptions: { forks: { isolate: false }, threads: { isolate: true } },
    poolMatchGlobs: [["**/tests/otherGamesHooks.test.ts", "threads"]],
  },
});
