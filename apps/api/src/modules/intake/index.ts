export { createIntakeService, type IntakeService } from './intake.service.ts';
export { intakeRoutes } from './intake.routes.ts';
