export { createSupportBaseService, agreementOf, type SupportBaseService, type SupportBaseAccess } from './support-base.service.ts';
export { supportBaseRoutes } from './support-base.routes.ts';
export { createConsentLetters, type ConsentLetters } from './consent-letters.service.ts';
export { consentLettersRoutes } from './consent-letters.routes.ts';
export { createConsentCampaign, type ConsentCampaign } from './consent-campaign.service.ts';
export { consentCampaignRoutes } from './consent-campaign.routes.ts';
export type { ConsentTally } from './support-base.tally.ts';
