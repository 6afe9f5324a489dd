import { defineConfig } from 'vitest/config';

// `npm test`: every unit and API test of the three packages. Browser tests run apart (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/server', 'packages/web'],
  },
});
