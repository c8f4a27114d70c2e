import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { informationPaths, ZInformationItem, ZInformationList, ZInformationMenuList } from '@portal/contract';
import { registerItemReads, registerModuleReads } from '../../lib/module-reads.ts';
import type { Services } from '../../services.ts';

export const informationRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { information } = services;

  registerModuleReads(app, services, {
    tag: 'information',
    module: 'information',
    summary: 'Information menu groups that hold items',
    description: 'Of groups 1 (Werkzaamheden binnen), 2 (Werkzaamheden buiten) and 3 (Overige informatie), those with information items the reader may see, by id.',
    paths: { public: informationPaths.publicMenu, occupant: informationPaths.occupantMenu, partner: informationPaths.partnerMenu },
    response: ZInformationMenuList,
    read: (reader) => information.menu(reader),
  });

  registerModuleReads(app, services, {
    tag: 'information',
    module: 'information',
    summary: 'Information items, by menu group and position',
    description: 'Whole items (content, icons, indicators 0-100, partners), at most 200; group them by menuitem_id. is_new only for a resident: not opened yet.',
    paths: { public: informationPaths.publicList, occupant: informationPaths.occupantList, partner: informationPaths.partnerList },
    response: ZInformationList,
    read: (reader) => information.list(reader, 'information'),
  });

  registerModuleReads(app, services, {
    tag: 'information',
    module: 'faq',
    summary: 'FAQ items (information items without a menu group)',
    description: 'Same shape as information items, menuitem_id null; open one with the information item read.',
    paths: { public: informationPaths.publicFaq, occupant: informationPaths.occupantFaq, partner: informationPaths.partnerFaq },
    response: ZInformationList,
    read: (reader) => information.list(reader, 'faq'),
  });

  registerItemReads(app, services, {
    tag: 'information',
    module: ['information', 'faq'],
    public: { path: informationPaths.publicItem, summary: 'One public information or FAQ item of a public project' },
    occupant: { path: informationPaths.occupantItem, summary: "One information or FAQ item of the resident's project; marks it read" },
    response: ZInformationItem,
    read: (reader, id) => information.item(reader, id),
  });
};
