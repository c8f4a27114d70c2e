export { createPlannerService, type PlannerService } from './planner.service.ts';
export { plannerRoutes } from './planner.routes.ts';
