export { reportsRoutes } from './reports.routes.ts';
