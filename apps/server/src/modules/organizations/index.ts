export { organizationsRoutes } from './organizations.routes.ts';
export { seedDemoMarketplace } from './demo-seed.ts';
