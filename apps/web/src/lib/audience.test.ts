import { describe, expect, it } from 'vitest';
import {
  complaintPaths, contactPaths, documentPaths, fillPath, informationPaths, newsPaths, partnerPaths, schedulePaths, workOrderPaths,
} from '@portal/contract';
import * as audienceModule from './audience';
import { dashboardPath, moduleApiPath, pagePath, type Audience } from './audience';

const occupant: Audience = { kind: 'occupant', projectId: 3 };
const visitor: Audience = { kind: 'public', projectId: 7 };
const partner: Audience = { kind: 'partner', projectId: 9 };

/**
 * The web builds module paths by rule (so the bundles need no zod-built contract module); this proves
 * the rule gives the contract's paths for every module and audience.
 */
describe('moduleApiPath follows the contract', () => {
  const cases: Array<[module: string, paths: { occupant: string; public: string; partner: string }]> = [
    ['news', { occupant: newsPaths.occupantList, public: newsPaths.publicList, partner: newsPaths.partnerList }],
    ['complaints', { occupant: complaintPaths.occupantList, public: complaintPaths.publicList, partner: complaintPaths.partnerList }],
    ['information', { occupant: informationPaths.occupantList, public: informationPaths.publicList, partner: informationPaths.partnerList }],
    ['information/menu', { occupant: informationPaths.occupantMenu, public: informationPaths.publicMenu, partner: informationPaths.partnerMenu }],
    ['faq', { occupant: informationPaths.occupantFaq, public: informationPaths.publicFaq, partner: informationPaths.partnerFaq }],
    ['schedule', { occupant: schedulePaths.occupantSchedule, public: schedulePaths.publicSchedule, partner: schedulePaths.partnerSchedule }],
    ['workorder', { occupant: workOrderPaths.occupantWorkOrder, public: workOrderPaths.publicWorkOrder, partner: workOrderPaths.partnerWorkOrder }],
    ['partners', { occupant: partnerPaths.occupantList, public: partnerPaths.publicList, partner: partnerPaths.partnerList }],
    ['documents', { occupant: documentPaths.occupantList, public: documentPaths.publicList, partner: documentPaths.partnerList }],
    ['contacts', { occupant: contactPaths.occupantList, public: contactPaths.publicList, partner: contactPaths.partnerList }],
  ];
  it.each(cases)('%s', (module, paths) => {
    expect(moduleApiPath(occupant, module)).toBe(paths.occupant);
    expect(moduleApiPath(visitor, module)).toBe(fillPath(paths.public, { id: 7 }));
    expect(moduleApiPath(partner, module)).toBe(fillPath(paths.partner, { project_id: 9 }));
  });

  it('detail reads', () => {
    expect(`/occupant/news/article/5`).toBe(fillPath(newsPaths.occupantArticle, { id: 5 }));
    expect(`/occupant/complaint/5`).toBe(fillPath(complaintPaths.occupantItem, { id: 5 }));
    expect(`/occupant/information/item/5`).toBe(fillPath(informationPaths.occupantItem, { id: 5 }));
  });
});

describe('page paths', () => {
  it('puts the project id after the module on public and partner paths', () => {
    expect(pagePath(occupant, 'nieuws', 12)).toBe('/nieuws/12');
    expect(pagePath(visitor, 'nieuws', 12)).toBe('/public/nieuws/7/12');
    expect(pagePath(partner, 'planning', '2026-03-04', 5)).toBe('/partner/planning/9/2026-03-04/5');
    expect(pagePath(occupant, 'werk-volgorde')).toBe('/werk-volgorde');
  });
  it('goes back to the right dashboard', () => {
    expect(dashboardPath(occupant)).toBe('/dashboard');
    expect(dashboardPath(visitor)).toBe('/public/dashboard/7');
    expect(dashboardPath(partner)).toBe('/partner/dashboard/9');
  });
});

describe('file links', () => {
  it('are never built with the session token: the audience helpers offer nothing that adds one', () => {
    expect(Object.keys(audienceModule).filter((name) => /file|token/i.test(name))).toEqual([]);
  });
});
