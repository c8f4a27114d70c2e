import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  informationPaths, ZIdParams, ZInformationItem, ZInformationList, ZInformationMenuList, ZLanguageQuery, ZOccupantQuery, ZProjectItemParams,
} from '@portal/contract';
import { readErrors, registerModuleReads } from '../../lib/module-reads.ts';
import { sessionOf } from '../../plugins/auth.ts';
import type { Services } from '../../services.ts';

export const informationRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const { information, readers, guard } = services;

  registerModuleReads(app, services, {
    tag: 'information',
    summary: 'Information menu groups that hold items',
    description: 'Of groups 1 (Werkzaamheden binnen), 2 (Werkzaamheden buiten) and 3 (Overige informatie), those with information items the reader may see, by id.',
    paths: { public: informationPaths.publicMenu, occupant: informationPaths.occupantMenu, partner: informationPaths.partnerMenu },
    response: ZInformationMenuList,
    read: (reader) => information.menu(reader),
  });

  registerModuleReads(app, services, {
    tag: 'information',
    summary: 'Information items, by menu group and position',
    description: 'Whole items (content, icons, indicators 0-100, partners), at most 200; group them by menuitem_id. is_new only for a resident: not opened yet.',
    paths: { public: informationPaths.publicList, occupant: informationPaths.occupantList, partner: informationPaths.partnerList },
    response: ZInformationList,
    read: (reader) => information.list(reader, 'information'),
  });

  registerModuleReads(app, services, {
    tag: 'information',
    summary: 'FAQ items (information items without a menu group)',
    description: 'Same shape as information items, menuitem_id null; open one with the information item read.',
    paths: { public: informationPaths.publicFaq, occupant: informationPaths.occupantFaq, partner: informationPaths.partnerFaq },
    response: ZInformationList,
    read: (reader) => information.list(reader, 'faq'),
  });

  app.get(informationPaths.publicItem, {
    schema: {
      tags: ['information'], summary: 'One public information or FAQ item of a public project',
      params: ZProjectItemParams, querystring: ZLanguageQuery, response: { 200: ZInformationItem, ...readErrors },
    },
  }, async (request) => information.item(await readers.forPublic(request.params.project_id), request.params.id));

  app.get(informationPaths.occupantItem, {
    preHandler: guard.occupant,
    schema: {
      tags: ['information'], summary: "One information or FAQ item of the resident's project; marks it read",
      params: ZIdParams, querystring: ZOccupantQuery, security: [{ bearer: [] }], response: { 200: ZInformationItem, ...readErrors },
    },
  }, async (request) => information.item(await readers.forOccupant(sessionOf(request), request.query.project_id), request.params.id));
};
