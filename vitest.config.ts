import os from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test`: every unit and API test of the three packages. Browser tests run apart (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/server', 'packages/web'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine, with the
    // second core idle but for the main process. Test files are independent (each server file has its
    // own database), so one worker a core. See docs/testing.md.
    maxWorkers: os.availableParallelism(),
  },
});
