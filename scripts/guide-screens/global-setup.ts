import type { TestProject } from 'vitest/node';
import e2eSetup from '../../e2e/global-setup';

/**
 * The e2e server (built web app, test settings), or a server already running with those settings
 * when GUIDE_BASE_URL, GUIDE_DATA_DIR and GUIDE_ADMIN_PASSWORD name it (a busy machine may need
 * longer than the e2e set-up waits for a start).
 */
export default async function setup(project: TestProject) {
  const { GUIDE_BASE_URL: baseUrl, GUIDE_DATA_DIR: dataDir, GUIDE_ADMIN_PASSWORD: adminPassword } = process.env;
  if (!baseUrl || !dataDir || !adminPassword) return e2eSetup(project);
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', adminPassword);
  project.provide('dataDir', dataDir);
}
