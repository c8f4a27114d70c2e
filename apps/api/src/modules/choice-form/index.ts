export { createChoiceFormService, type ChoiceAccess, type ChoiceFormService } from './choice-form.service.ts';
export { choiceFormRoutes } from './choice-form.routes.ts';
